import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Button, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { ErrorState } from '../../../components/ui/error-state.tsx';
import { useEndorsementsReceived } from '../api/list-endorsements-received.ts';
import { useVisit } from '../hooks/use-visit.ts';
import { EndorsementList } from './endorsement-list.tsx';

function ListSkeleton() {
  const { t } = useLingui();
  return (
    <Stack gap="sm" role="status" aria-label={t`Loading your endorsements...`}>
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
  const { t } = useLingui();

  let body: ReactNode;
  if (first && visit) {
    const { seenAt, newCount } = visit;
    const total = first.total;
    body =
      items.length === 0 ? (
        <Paper withBorder p="lg">
          <Text>
            <Trans>
              No endorsements yet. When a cohort mate endorses you, you will see who and their message here.
            </Trans>
          </Text>
        </Paper>
      ) : (
        <>
          <Text>
            {seenAt !== null && newCount > 0
              ? plural(total, {
                  one: `# endorsement from your cohort · ${newCount} new since your last visit`,
                  other: `# endorsements from your cohort · ${newCount} new since your last visit`,
                })
              : plural(total, {
                  one: '# endorsement from your cohort',
                  other: '# endorsements from your cohort',
                })}
          </Text>
          <EndorsementList items={items} seenAt={seenAt} />
          {query.hasNextPage && (
            <Group>
              <Button variant="default" loading={query.isFetchingNextPage} onClick={() => void query.fetchNextPage()}>
                <Trans>Show more</Trans>
              </Button>
            </Group>
          )}
          {query.isFetchNextPageError && (
            <Text role="alert" c="red.8" size="sm">
              <Trans>We couldn&apos;t load more endorsements. Please try again.</Trans>
            </Text>
          )}
        </>
      );
  } else if (query.isError) {
    body = (
      <ErrorState
        title={t`We couldn't load your endorsements`}
        message={t`Check your connection and try again. If it keeps happening, contact your programme administrator.`}
        onRetry={() => void query.refetch()}
      />
    );
  } else body = <ListSkeleton />;

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-start" wrap="wrap">
        <Stack gap={4}>
          <Title order={1}>
            <Trans>Endorsements</Trans>
          </Title>
          <Text c="dimmed">
            <Trans>Who cheered you on: the cohort mates who endorsed you, newest first.</Trans>
          </Text>
        </Stack>
        <Button component={Link} to="/programme/dashboard" variant="default">
          <Trans>Back to Dashboard</Trans>
        </Button>
      </Group>
      {body}
    </Stack>
  );
}
