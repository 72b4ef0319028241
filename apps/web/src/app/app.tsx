import { createBrowserRouter, RouterProvider } from 'react-router';
import { Providers } from './providers.tsx';
import { routes, whenScreenLoaded } from './router.tsx';

const router = createBrowserRouter(routes);

export function App() {
  return (
    <Providers auth={{ screenLoaded: () => whenScreenLoaded(window.location.pathname) }}>
      <RouterProvider router={router} />
    </Providers>
  );
}
