import type { ReactNode } from 'react';
import { useHybridAuth } from '../hooks/use-hybrid-auth.ts';
import { AuthLoading } from './auth-loading.tsx';
import { LoginScreen } from './login-screen.tsx';

type RequireAuthProps = {
  productName: string;
  // The page may show while the session is being confirmed (it shows the data this browser kept
  // for the member whose session the SDK holds); the Login screen replaces it if there is none.
  showWhileLoading?: boolean;
  children: ReactNode;
};

// Every screen needs sign-in (docs/domain/sign-in-in-the-browser.md#every-screen-needs-sign-in).
// The Login screen shows in place of the page, so the address stays the page the user wanted and
// sign-in returns there.
export function RequireAuth({ productName, showWhileLoading = false, children }: RequireAuthProps) {
  const auth = useHybridAuth();
  if (auth.isLoading) return showWhileLoading ? children : <AuthLoading />;
  if (!auth.isAuthenticated) return <LoginScreen productName={productName} />;
  return children;
}
