// oidc-provider 9 prints "Unsupported runtime. Use Node.js v22.x LTS" when loaded on Node 20,
// the runtime this project is fixed to
// (docs/operations/dev-identity-provider.md#behaviour-worth-knowing). Everything it does for us is
// covered by this package's tests on Node 20, so that one line is dropped; nothing else is.
// Imported before oidc-provider so it is in place when the warning is printed.
const warn = console.warn.bind(console);

console.warn = (...args: unknown[]) => {
  if (typeof args[0] === 'string' && args[0].includes('oidc-provider WARNING: Unsupported runtime')) {
    console.warn = warn;
    return;
  }
  warn(...args);
};
