export const CALLBACK_PATH = '/callback';

// Where to go after a sign-in redirect. Only paths of this site are followed (never another
// origin, never '//host'), and never /callback itself, which would loop.
export function sanitizeReturnTo(value: unknown): string {
  if (typeof value !== 'string' || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) {
    return '/';
  }
  const path = value.split(/[?#]/)[0];
  return path === CALLBACK_PATH ? '/' : value;
}
