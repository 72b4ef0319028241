import { useSearchParams } from 'react-router';
import { UnsubscribePage } from '../../features/notifications/components/unsubscribe-page.tsx';
import { useAppConfig } from '../auth-root.tsx';
import { BrandFrame } from '../layout/brand-frame.tsx';

// /notifications/unsubscribe?token=...: an e-mail's unsubscribe link. Outside the signed-in
// layout, like /callback: it must work for someone who is not signed in on this browser.
export function Unsubscribe() {
  const { productName } = useAppConfig();
  const [params] = useSearchParams();
  return (
    <BrandFrame productName={productName}>
      <UnsubscribePage token={params.get('token') ?? ''} />
    </BrandFrame>
  );
}
