import { Button } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { DebugPanel, type DebugPanelProps } from './debug-panel.tsx';
import { ResetButton } from './reset-button.tsx';

// The header's Debug and Reset buttons; the header shows them only when /config.json enables
// developer tools (DOMAIN "Developer tools").
export function DevTools({ loadFlowStatus }: Pick<DebugPanelProps, 'loadFlowStatus'>) {
  const [debugOpened, debug] = useDisclosure(false);
  return (
    <>
      <Button variant="default" size="xs" onClick={debug.open}>
        Debug
      </Button>
      <ResetButton />
      <DebugPanel opened={debugOpened} onClose={debug.close} loadFlowStatus={loadFlowStatus} />
    </>
  );
}
