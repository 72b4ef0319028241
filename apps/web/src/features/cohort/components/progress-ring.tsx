import { useLingui } from '@lingui/react/macro';
import { Box, Text, useDirection } from '@mantine/core';
import { formatPercent } from '../../../lib/i18n/formatters.ts';

const SIZE = 56;
const THICKNESS = 6;
// As Mantine's RingProgress draws it: the ring sits inside 90 % of the box.
const RADIUS = (SIZE * 0.9 - THICKNESS * 2) / 2;
const CIRCUMFERENCE = 2 * Math.PI * RADIUS;

// A plain SVG ring, drawn as Mantine's RingProgress draws it, without what that component adds for
// tooltips (one floating tooltip per arc, each watching its scroll containers): a leaderboard shows
// one ring per member. A ring alone says nothing to a screen reader: it is exposed as a progressbar
// with its value. The arc starts at the top and grows clockwise, anticlockwise in a right-to-left
// locale (flipped before it is turned), as the page mirrors.
export function ProgressRing({ value, label }: { value: number; label: string }) {
  const shown = Math.min(Math.max(value, 0), 100);
  const arc = (shown / 100) * CIRCUMFERENCE;
  const { i18n } = useLingui();
  const percent = formatPercent(i18n.locale, value / 100);
  const { dir } = useDirection();
  return (
    <Box
      pos="relative"
      w={SIZE}
      h={SIZE}
      miw={SIZE}
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={value}
      aria-valuetext={percent}
    >
      <svg
        width={SIZE}
        height={SIZE}
        viewBox={`0 0 ${SIZE} ${SIZE}`}
        aria-hidden="true"
        style={{ rotate: '-90deg', scale: dir === 'rtl' ? '1 -1' : undefined }}
      >
        <circle
          cx={SIZE / 2}
          cy={SIZE / 2}
          r={RADIUS}
          fill="none"
          stroke="var(--mantine-color-gray-2)"
          strokeWidth={THICKNESS}
        />
        {arc > 0 && (
          <circle
            cx={SIZE / 2}
            cy={SIZE / 2}
            r={RADIUS}
            fill="none"
            stroke={value >= 100 ? 'var(--mantine-color-teal-filled)' : 'var(--mantine-color-blue-filled)'}
            strokeWidth={THICKNESS}
            strokeLinecap="round"
            strokeDasharray={`${arc} ${CIRCUMFERENCE}`}
          />
        )}
      </svg>
      <Text size="xs" fw={700} ta="center" pos="absolute" top="50%" style={{ insetInline: 0, translate: '0 -50%' }}>
        {percent}
      </Text>
    </Box>
  );
}
