import { CallbackStatus } from '../../features/auth/components/callback-status.tsx';
import { useAppConfig } from '../auth-root.tsx';
import { BrandFrame } from '../layout/brand-frame.tsx';

export function Callback() {
  const { productName } = useAppConfig();
  return (
    <BrandFrame productName={productName}>
      <CallbackStatus />
    </BrandFrame>
  );
}
