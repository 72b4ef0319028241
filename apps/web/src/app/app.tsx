import { createBrowserRouter, RouterProvider } from 'react-router';
import { Providers } from './providers.tsx';
import { routes, whenScreenShown } from './router.tsx';

const router = createBrowserRouter(routes);

export function App() {
  return (
    <Providers auth={{ screenShown: () => whenScreenShown(window.location.pathname) }}>
      <RouterProvider router={router} />
    </Providers>
  );
}
