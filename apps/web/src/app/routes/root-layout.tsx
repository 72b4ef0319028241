import { Outlet } from 'react-router';

// The frame of every route; /callback has none, the signed-in routes add theirs (signed-in-layout).
export function RootLayout() {
  return <Outlet />;
}
