import { Trans } from '@lingui/react/macro';
import { Button, Menu } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { lazy, Suspense, useEffect, useRef } from 'react';
import type { DebugPanelProps } from './debug-panel.tsx';
import { useResetAction, type ResetOptions } from './reset-action.ts';

// The panel (a modal) is downloaded the first time it is opened: pages load without it.
const DebugPanel = lazy(() => import('./debug-panel.tsx').then((m) => ({ default: m.DebugPanel })));

// The header's "Demo tools" menu, holding Debug and Reset apart from the member's own links and
// Logout; the header shows it only when /config.json enables developer tools
// (docs/domain/developer-tools.md#when-they-exist). Mantine's Menu gives the button its
// aria-haspopup and aria-expanded, the items the menuitem role, and arrow-key and Escape handling.
export type DevToolsProps = Pick<DebugPanelProps, 'loadFlowStatus'> &
  ResetOptions & {
    // Open on arrival: the header's button was pressed and the menu downloaded for it
    // (dev-tools-trigger.tsx).
    initiallyOpened?: boolean;
  };

export function DevTools({ loadFlowStatus, clearProgress, initiallyOpened = false }: DevToolsProps) {
  const [debugOpened, debug] = useDisclosure(false);
  const reset = useResetAction({ clearProgress });
  const button = useRef<HTMLButtonElement>(null);
  const pressedOnArrival = useRef(false);
  // Arriving for a press of the button it replaces, it is pressed again (once, though Strict Mode
  // runs effects twice): the focus on this button first, so that closing the menu brings it back here.
  useEffect(() => {
    if (!initiallyOpened || pressedOnArrival.current) return;
    pressedOnArrival.current = true;
    button.current?.focus();
    button.current?.click();
  }, [initiallyOpened]);
  return (
    <>
      {/* Kept inside the header (no portal), so the open menu stays within its landmark; no focus
          placeholder, which a menu may not contain (the first item takes the focus). */}
      <Menu position="bottom-end" withinPortal={false} withInitialFocusPlaceholder={false}>
        <Menu.Target>
          <Button ref={button} variant="subtle" color="gray" size="xs" loading={reset.pending}>
            <Trans>Demo tools</Trans>
          </Button>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Item onClick={debug.open}>
            <Trans>Debug</Trans>
          </Menu.Item>
          <Menu.Item onClick={reset.run}>
            <Trans>Reset</Trans>
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
      {debugOpened && (
        <Suspense fallback={null}>
          <DebugPanel opened onClose={debug.close} loadFlowStatus={loadFlowStatus} />
        </Suspense>
      )}
    </>
  );
}
