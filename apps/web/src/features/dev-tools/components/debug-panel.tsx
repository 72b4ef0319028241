import { useLingui } from '@lingui/react/macro';
import { Modal, Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useDebugToken } from '../api/get-debug-token.ts';
import { useSimpleTest } from '../api/get-simple-test.ts';
import { JsonResult } from './json-result.tsx';

export type DebugPanelProps = {
  opened: boolean;
  onClose: () => void;
  // The flow status call belongs to another feature; the app passes it in.
  loadFlowStatus: () => Promise<unknown>;
};

function DebugContent({ loadFlowStatus }: Pick<DebugPanelProps, 'loadFlowStatus'>) {
  // Its own key, not the root decision's: opening the panel must not change what the app decided.
  const flowStatus = useQuery({
    queryKey: ['dev-tools', 'flow-status'],
    queryFn: loadFlowStatus,
    gcTime: 0,
    retry: false,
  });
  const { t } = useLingui();
  const debugToken = useDebugToken();
  const simpleTest = useSimpleTest();
  return (
    <Stack gap="md">
      <JsonResult title={t`Flow status`} result={flowStatus} />
      <JsonResult title={t`Token (debug-token)`} result={debugToken} />
      <JsonResult title={t`Simple test`} result={simpleTest} />
    </Stack>
  );
}

// What the API makes of the signed-in user, fetched when opened
// (docs/domain/developer-tools.md#debug).
export function DebugPanel({ opened, onClose, loadFlowStatus }: DebugPanelProps) {
  const { t } = useLingui();
  return (
    <Modal opened={opened} onClose={onClose} title={t`Debug`} size="xl" closeButtonProps={{ 'aria-label': t`Close` }}>
      {/* Mantine leaves closed modals unmounted, so the calls run on each opening only. */}
      <DebugContent loadFlowStatus={loadFlowStatus} />
    </Modal>
  );
}
