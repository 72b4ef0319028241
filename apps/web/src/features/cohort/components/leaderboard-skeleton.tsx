import { useLingui } from '@lingui/react/macro';
import { Group, Skeleton, Stack } from '@mantine/core';

// Keeps the table's shape while it loads, so nothing jumps when the rows arrive.
export function LeaderboardSkeleton() {
  const { t } = useLingui();
  return (
    <Stack gap="md" role="status" aria-label={t`Loading your cohort...`}>
      {Array.from({ length: 5 }, (_, index) => (
        <Group key={index} gap="md" wrap="nowrap">
          <Skeleton height={24} width={24} />
          <Skeleton height={16} width="25%" />
          <Skeleton height={16} width="20%" />
          <Skeleton height={56} width={56} circle />
          <Skeleton height={16} width="15%" />
          <Skeleton height={28} width={80} />
        </Group>
      ))}
    </Stack>
  );
}
