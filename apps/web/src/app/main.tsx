import '../lib/zod-setup.ts';
import './styles.ts';
import { StrictMode, startTransition, useLayoutEffect } from 'react';
import { createRoot } from 'react-dom/client';
import { preloadStoredProviderSdk } from '../features/auth/adapters/preload-sdk.ts';
import { activateLocale, preferredLocale } from '../lib/i18n/i18n.ts';
import { App, screenShown } from './app.tsx';
import { applyDeferredStyles } from './deferred-styles.ts';
import { releaseKeptScreen } from '../lib/kept-screens.ts';

preloadStoredProviderSdk();

// A transition lets React render the first screen in slices, so a slow phone can still respond
// meanwhile; index.html's own loading message stays until the first screen is ready. The first
// render waits for the opened screen's code (its lazy route; the page preloads it with the entry,
// see boot-preload.ts), so the screen is part of that sliced render. Rendered before, the frame
// would show at once and the screen follow when its code arrived, in one long task: the router's
// updates are not transitions (app.tsx). The member's catalog (its own chunk, lib/i18n/catalogs.ts)
// downloads at the same time as the screen's code, not after it.
// The Login page comes with its screen in the HTML (apps/web/prerender-login.mjs): the first render
// replaces that markup with the live screen, and waits for the full style sheet it deferred.
// A member's screen kept from their last visit (lib/kept-screens.ts) may be on the page, painted
// by the boot script and not clickable: the app's first render replaces it, and the page is live.
function KeptScreenReplaced({ container }: { container: HTMLElement }) {
  useLayoutEffect(() => releaseKeptScreen(container), [container]);
  return null;
}

// The boot script adds this entry to the page from its head: the body may still be on its way.
const bodyParsed =
  document.readyState === 'loading'
    ? new Promise<void>((resolve) => document.addEventListener('DOMContentLoaded', () => resolve(), { once: true }))
    : Promise.resolve();
void Promise.all([screenShown(), activateLocale(preferredLocale()), applyDeferredStyles(), bodyParsed]).then(() => {
  const container = document.getElementById('root');
  if (!container) throw new Error('index.html is missing the #root element');
  const root = createRoot(container);
  startTransition(() => {
    root.render(
      <StrictMode>
        <App />
        <KeptScreenReplaced container={container} />
      </StrictMode>,
    );
  });
});
