// The full style sheet of a page whose first screen came in the HTML (the Login page,
// apps/web/prerender-login.mjs) is linked for print only, so it does not hold up that first paint.
// Before the app renders, it applies to every medium, once it has loaded: the app's screens are
// never shown without it. Other pages have no such sheet, and nothing waits.
export function applyDeferredStyles(doc: Document = document): Promise<void> {
  const sheets = [...doc.querySelectorAll<HTMLLinkElement>('link[data-deferred-style]')];
  return Promise.all(
    sheets.map(
      (link) =>
        new Promise<void>((resolve) => {
          link.media = 'all';
          link.removeAttribute('data-deferred-style');
          // A sheet that failed to load is not waited for: the app renders as it would without it.
          if (link.sheet) resolve();
          else {
            link.addEventListener('load', () => resolve(), { once: true });
            link.addEventListener('error', () => resolve(), { once: true });
          }
        }),
    ),
  ).then(() => undefined);
}
