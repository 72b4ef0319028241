import { Box } from '@mantine/core';
import type { ReactNode } from 'react';

type ScrollBoxProps = {
  // Names the region for screen readers, e.g. "People table".
  label: string;
  // Below this width the table scrolls sideways inside the box instead of widening the page.
  minWidth: number;
  children: ReactNode;
};

// A wide table on a phone scrolls inside its own box, so the page itself never scrolls sideways.
// Focusable and named, so keyboard users can scroll it too. Positioned, so that what is placed
// absolutely inside (visually hidden texts) scrolls with it instead of widening the page.
export function ScrollBox({ label, minWidth, children }: ScrollBoxProps) {
  return (
    <Box
      role="region"
      aria-label={label}
      tabIndex={0}
      style={{ overflowX: 'auto', maxWidth: '100%', position: 'relative' }}
    >
      <Box miw={minWidth}>{children}</Box>
    </Box>
  );
}
