import { PlaceholderPage } from '../../components/ui/placeholder-page.tsx';

export function Callback() {
  return (
    <PlaceholderPage
      title="Signing in"
      description="Completes sign-in, then returns to the start page; shows an authentication error with a way home if it fails."
    />
  );
}
