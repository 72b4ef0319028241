import { useLingui } from '@lingui/react/macro';
import { LoadingState } from '../../components/ui/loading-state.tsx';
import { useAppConfig } from '../auth-root.tsx';
import { BrandFrame } from './brand-frame.tsx';

// What a page outside the signed-in layout shows while its code downloads.
export function BrandLoading() {
  const { t } = useLingui();
  const { productName } = useAppConfig();
  return (
    <BrandFrame productName={productName}>
      <LoadingState label={t`Loading page`} />
    </BrandFrame>
  );
}
