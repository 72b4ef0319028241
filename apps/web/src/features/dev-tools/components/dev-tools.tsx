import { Trans } from '@lingui/react/macro';
import { Button } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { lazy, Suspense } from 'react';
import type { DebugPanelProps } from './debug-panel.tsx';
import { ResetButton, type ResetButtonProps } from './reset-button.tsx';

// The panel (a modal) is downloaded the first time it is opened: pages load without it.
const DebugPanel = lazy(() => import('./debug-panel.tsx').then((m) => ({ default: m.DebugPanel })));

// The header's Debug and Reset buttons; the header shows them only when /config.json enables
// developer tools (docs/domain/developer-tools.md#when-they-exist).
export function DevTools({
  loadFlowStatus,
  clearProgress,
}: Pick<DebugPanelProps, 'loadFlowStatus'> & ResetButtonProps) {
  const [debugOpened, debug] = useDisclosure(false);
  return (
    <>
      <Button variant="default" size="xs" onClick={debug.open}>
        <Trans>Debug</Trans>
      </Button>
      <ResetButton clearProgress={clearProgress} />
      {debugOpened && (
        <Suspense fallback={null}>
          <DebugPanel opened onClose={debug.close} loadFlowStatus={loadFlowStatus} />
        </Suspense>
      )}
    </>
  );
}
