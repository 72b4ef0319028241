import { Trans } from '@lingui/react/macro';
import { Button } from '@mantine/core';
import { lazy, startTransition, Suspense, useState } from 'react';
import type { DevToolsProps } from './dev-tools.tsx';

// The menu (Mantine's Menu, its popover, focus trap and positioning) is downloaded the first time
// the button is pressed, not with the page: it would sit on every signed-in page's first load, and
// a button that appeared once it arrived would push the page down.
const DevTools = lazy(() => import('./dev-tools.tsx').then((m) => ({ default: m.DevTools })));

// The header's "Demo tools" button (docs/domain/developer-tools.md#when-they-exist): the same
// button, in the same place, from the first paint. Pressed (by mouse or keyboard), it loads the menu
// and the menu opens where it stands; until then it tells assistive technology that it opens a menu.
export function DevToolsTrigger(props: Omit<DevToolsProps, 'initiallyOpened'>) {
  const [pressed, setPressed] = useState(false);
  const placeholder = (
    <Button
      variant="subtle"
      color="gray"
      size="xs"
      aria-haspopup="menu"
      aria-expanded={false}
      // A transition: the button stays on screen (and keeps the focus) while the menu downloads.
      onClick={() => startTransition(() => setPressed(true))}
    >
      <Trans>Demo tools</Trans>
    </Button>
  );
  // One boundary from the start: pressed in a transition, the button it already shows stays until
  // the menu is ready (a boundary mounted only then would show its fallback, a new button, at once).
  return <Suspense fallback={placeholder}>{pressed ? <DevTools {...props} initiallyOpened /> : placeholder}</Suspense>;
}
