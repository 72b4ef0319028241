import '../lib/zod-setup.ts';
import './styles.ts';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { preloadStoredProviderSdk } from '../features/auth/adapters/preload-sdk.ts';
import { activateLocale, preferredLocale } from '../lib/i18n/i18n.ts';
import { App, screenShown } from './app.tsx';
import { applyDeferredStyles } from './deferred-styles.ts';

const container = document.getElementById('root');
if (!container) throw new Error('index.html is missing the #root element');

preloadStoredProviderSdk();

// A transition lets React render the first screen in slices, so a slow phone can still respond
// meanwhile; index.html's own loading message stays until the first screen is ready. The first
// render waits for the opened screen's code (its lazy route; the page preloads it with the entry,
// see vite.config.ts), so the screen is part of that sliced render. Rendered before, the frame
// would show at once and the screen follow when its code arrived, in one long task: the router's
// updates are not transitions (app.tsx). The member's catalog (its own chunk, lib/i18n/catalogs.ts)
// downloads at the same time as the screen's code, not after it.
// The Login page comes with its screen in the HTML (apps/web/prerender-login.mjs): the first render
// replaces that markup with the live screen, and waits for the full style sheet it deferred.
const root = createRoot(container);
void Promise.all([screenShown(), activateLocale(preferredLocale()), applyDeferredStyles()]).then(() =>
  startTransition(() => {
    root.render(
      <StrictMode>
        <App />
      </StrictMode>,
    );
  }),
);
