import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import type { ReactNode } from 'react';

// The five mood faces (and the skipped day), drawn by the app itself: font emoji show as empty
// boxes where no emoji font is installed (Chromium on Linux). Each face differs by its mouth and
// brows, not only by its colour; the dark outline keeps every face visible on any background.
const INK = '#343a40';

type Face = { fill: string; features: ReactNode };

const eyes = (
  <>
    <circle cx="11" cy="13" r="1.8" fill={INK} />
    <circle cx="21" cy="13" r="1.8" fill={INK} />
  </>
);
const line = { fill: 'none', stroke: INK, strokeWidth: 2, strokeLinecap: 'round' } as const;

const FACES: Record<1 | 2 | 3 | 4 | 5, Face> = {
  1: {
    fill: '#ffa8a8',
    features: (
      <>
        <path d="M8 9.5 12.5 11.5M24 9.5 19.5 11.5" {...line} />
        {eyes}
        <path d="M10 24Q16 16.5 22 24" {...line} />
      </>
    ),
  },
  2: {
    fill: '#ffc078',
    features: (
      <>
        {eyes}
        <path d="M11 22.5Q16 19 21 22.5" {...line} />
      </>
    ),
  },
  3: {
    fill: '#ffe066',
    features: (
      <>
        {eyes}
        <path d="M11 21.5H21" {...line} />
      </>
    ),
  },
  4: {
    fill: '#b2f2bb',
    features: (
      <>
        {eyes}
        <path d="M10 19Q16 24.5 22 19" {...line} />
      </>
    ),
  },
  5: {
    fill: '#8ce99a',
    features: (
      <>
        {eyes}
        <path d="M9 18H23Q21.5 26 16 26T9 18Z" fill={INK} />
      </>
    ),
  },
};

const SKIPPED: Face = {
  fill: '#e9ecef',
  features: <path d="M9.5 11 15 16l-5.5 5zM16 11l5.5 5-5.5 5zM23 11v10" fill={INK} stroke={INK} strokeWidth="1.5" />,
};

// The five moods' names in the member's language, by the mood's value (the scale's English labels,
// MOOD_SCALE in the contracts, are the source texts).
export const MOOD_LABELS: Record<1 | 2 | 3 | 4 | 5, MessageDescriptor> = {
  1: msg`Awful`,
  2: msg`Not good`,
  3: msg`Fine`,
  4: msg`Good`,
  5: msg`Great`,
};
const SKIPPED_LABEL = msg`Skipped`;

// The words for a mood value (1 Awful ... 5 Great), or for a skipped day (null).
export function moodLabel(i18n: I18n, value: number | null): string {
  return i18n._(
    value !== null && value in MOOD_LABELS ? MOOD_LABELS[value as keyof typeof MOOD_LABELS] : SKIPPED_LABEL,
  );
}

type MoodFaceProps = {
  // 1 to 5, or null for a day the member skipped.
  value: number | null;
  size?: number;
  // Next to a visible label (a button's text), the face is decoration and hidden from screen readers.
  decorative?: boolean;
};

// An image named by its mood ("Good"), or decoration beside text that says it.
export function MoodFace({ value, size = 28, decorative = false }: MoodFaceProps) {
  const { i18n } = useLingui();
  const face = value !== null && value in FACES ? FACES[value as keyof typeof FACES] : SKIPPED;
  const a11y = decorative ? { 'aria-hidden': true } : { role: 'img', 'aria-label': moodLabel(i18n, value) };
  return (
    <svg
      {...a11y}
      width={size}
      height={size}
      viewBox="0 0 32 32"
      focusable="false"
      data-mood={value ?? 'skipped'}
      style={{ display: 'block', flexShrink: 0 }}
    >
      <circle cx="16" cy="16" r="14.5" fill={face.fill} stroke={INK} strokeWidth="1.5" />
      {face.features}
    </svg>
  );
}
