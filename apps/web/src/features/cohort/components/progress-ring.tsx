import { RingProgress, Text } from '@mantine/core';

// A ring alone says nothing to a screen reader: it is exposed as a progressbar with its value.
export function ProgressRing({ value }: { value: number }) {
  return (
    <RingProgress
      size={56}
      thickness={6}
      roundCaps
      sections={[{ value, color: value >= 100 ? 'teal' : 'blue' }]}
      label={
        <Text size="xs" fw={700} ta="center">
          {value}%
        </Text>
      }
      role="progressbar"
      aria-label="Progress"
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={value}
      aria-valuetext={`${value}%`}
    />
  );
}
