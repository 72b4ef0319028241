import { Outlet } from 'react-router';

// The frame of every route: /callback adds the brand's (routes/callback.tsx), the signed-in routes
// theirs (signed-in-layout).
export function RootLayout() {
  return <Outlet />;
}
