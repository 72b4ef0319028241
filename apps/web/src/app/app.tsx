import { createBrowserRouter, RouterProvider } from 'react-router';
import { addressOpened, reloadingStaleRoutes, reloadOnPreloadError } from '../lib/stale-build.ts';
import { Providers } from './providers.tsx';
import { routes } from './router.tsx';

// Created with the module, so the opened screen's chunk (a lazy route) starts downloading at once.
// A chunk that is gone because the server has a newer build reloads the page once, at the address
// being opened, into that build (lib/stale-build.ts).
const router = createBrowserRouter(reloadingStaleRoutes(routes, () => addressOpened(router)));
reloadOnPreloadError(() => addressOpened(router));

// Settles once the router has the opened screen's code (at once for an address without a lazy
// route, or when the download failed): the screen then shows in the next frame. main.tsx renders
// the app only then.
export function screenShown(): Promise<void> {
  return new Promise((resolve) => {
    if (router.state.initialized) {
      resolve();
      return;
    }
    const unsubscribe = router.subscribe((state) => {
      if (!state.initialized) return;
      unsubscribe();
      resolve();
    });
  });
}

// Router updates are not transitions: a screen whose code has arrived renders and mounts in one go.
// Sliced (a transition), a query started while rendering, such as the dashboard's, could answer
// before the screen mounts and then be fetched again. The test helpers render the router likewise.
export function App() {
  return (
    <Providers auth={{ screenShown }}>
      <RouterProvider router={router} useTransitions={false} />
    </Providers>
  );
}
