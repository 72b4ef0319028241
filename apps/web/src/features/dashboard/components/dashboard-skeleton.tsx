import { useLingui } from '@lingui/react/macro';
import { SimpleGrid, Skeleton, Stack } from '@mantine/core';

// Keeps the page's shape while it loads, so nothing jumps when the numbers arrive.
export function DashboardSkeleton() {
  const { t } = useLingui();
  return (
    <Stack gap="lg" role="status" aria-label={t`Loading your dashboard...`}>
      <Skeleton height={28} width="60%" />
      <Skeleton height={16} width="40%" />
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
        <Skeleton height={180} />
        <Skeleton height={180} />
        <Skeleton height={180} />
      </SimpleGrid>
    </Stack>
  );
}
