import { Button, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { ErrorState } from '../../../components/ui/error-state.tsx';
import { plural } from '../../../lib/plural.ts';
import { useEndorsementsReceived } from '../api/list-endorsements-received.ts';
import { useVisit } from '../hooks/use-visit.ts';
import { EndorsementList } from './endorsement-list.tsx';

function ListSkeleton() {
  return (
    <Stack gap="sm" role="status" aria-label="Loading your endorsements...">
      {Array.from({ length: 3 }, (_, index) => (
        <Skeleton key={index} height={96} radius="md" />
      ))}
    </Stack>
  );
}

// Who cheered me on (docs/domain/standings-and-endorsements.md#endorsements-received): only the
// member endorsed sees this page.
// The heading and the way back stay put in every state.
export function EndorsementsPage() {
  const query = useEndorsementsReceived();
  const visit = useVisit(query);
  const pages = query.data?.pages ?? [];
  const items = pages.flatMap((page) => page.items);
  const first = pages[0];

  let body: ReactNode;
  if (first && visit) {
    const { seenAt, newCount } = visit;
    body =
      items.length === 0 ? (
        <Paper withBorder p="lg">
          <Text>No endorsements yet. When a cohort mate endorses you, you will see who and their message here.</Text>
        </Paper>
      ) : (
        <>
          <Text>
            {plural(first.total, 'endorsement')} from your cohort
            {seenAt !== null && newCount > 0 ? ` · ${newCount} new since your last visit` : ''}
          </Text>
          <EndorsementList items={items} seenAt={seenAt} />
          {query.hasNextPage && (
            <Group>
              <Button variant="default" loading={query.isFetchingNextPage} onClick={() => void query.fetchNextPage()}>
                Show more
              </Button>
            </Group>
          )}
          {query.isFetchNextPageError && (
            <Text role="alert" c="red.8" size="sm">
              We couldn&apos;t load more endorsements. Please try again.
            </Text>
          )}
        </>
      );
  } else if (query.isError) {
    body = (
      <ErrorState
        title="We couldn't load your endorsements"
        message="Check your connection and try again. If it keeps happening, contact your programme administrator."
        onRetry={() => void query.refetch()}
      />
    );
  } else body = <ListSkeleton />;

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-start" wrap="wrap">
        <Stack gap={4}>
          <Title order={1}>Endorsements</Title>
          <Text c="dimmed">Who cheered you on: the cohort mates who endorsed you, newest first.</Text>
        </Stack>
        <Button component={Link} to="/programme/dashboard" variant="default">
          Back to Dashboard
        </Button>
      </Group>
      {body}
    </Stack>
  );
}
