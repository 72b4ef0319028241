import { CallbackStatus } from '../../features/auth/components/callback-status.tsx';

export function Callback() {
  return <CallbackStatus />;
}
