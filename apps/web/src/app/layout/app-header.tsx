import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Anchor, Box, Button, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { useMe } from '../../features/auth/api/get-me.ts';
// Its menu is downloaded when the button is first pressed: no page loads it with its first screen.
import { DevToolsTrigger } from '../../features/dev-tools/components/dev-tools-trigger.tsx';
import { useHybridAuth } from '../../features/auth/hooks/use-hybrid-auth.ts';
import { AuthProblemError } from '../../lib/http.ts';
import { getUserFlowStatus } from '../../lib/queries/user-flow-status.ts';
import { currentProgrammeQueryOptions } from '../../lib/queries/current-programme.ts';
import { useAccountRefusal, useAppConfig } from '../auth-root.tsx';
import { clearProgressData } from '../progress-data.ts';
import classes from './app-header.module.css';

// Shown while the programme loads, and when the member has none (404) or it fails to load
// (docs/domain/constants.md#default-texts).
const DEFAULT_PROGRAMME_NAME = msg`Leadership Excellence Programme`;

type AppHeaderProps = {
  productName: string;
};

// The common header (docs/domain/screens.md#common-header). The programme comes from the intro
// feature's query (same key as the intro and habit selection), so they share one cached answer. It
// is asked for once the account check has passed: before that the API may not know the person, and
// the page below asks at the same moment, so the two share one request instead of racing.
export function AppHeader({ productName }: AppHeaderProps) {
  const auth = useHybridAuth();
  const { i18n } = useLingui();
  const { devTools } = useAppConfig();
  const me = useMe();
  const programme = useQuery({ ...currentProgrammeQueryOptions, enabled: me.isSuccess });
  // Someone the API does not let in (an account-problem screen): no programme of theirs to name,
  // and no developer tools that would only fail for them.
  const refusal = useAccountRefusal();
  const accountProblem = me.error instanceof AuthProblemError || refusal !== null;
  // Until the SDK has confirmed the session (a page shown from kept data), the API's name for them.
  // Programme insights (issue 20): leaders and administrators see the whole programme, team leaders
  // their departments.
  const insightsPath =
    me.data?.role === 'leader' || me.data?.is_admin
      ? '/leader/insights'
      : me.data?.role === 'team_leader'
        ? '/team-leader/insights'
        : null;
  const displayName = auth.user?.name || auth.user?.email || me.data?.full_name || me.data?.email || '';
  return (
    <header className={classes.header}>
      <div className={classes.brand}>
        <Text fw={700} size="lg">
          {productName}
        </Text>
        {!accountProblem && (
          <Text size="sm" c="dimmed">
            {programme.data?.name ?? i18n._(DEFAULT_PROGRAMME_NAME)}
          </Text>
        )}
      </div>
      <div className={classes.account}>
        <Text size="sm">
          <Trans>Welcome, {displayName}</Trans>
        </Text>
        {!accountProblem && insightsPath && (
          <Anchor component={Link} to={insightsPath} size="sm">
            <Trans>Insights</Trans>
          </Anchor>
        )}
        {!accountProblem && me.data?.is_admin && (
          <Anchor component={Link} to="/admin" size="sm">
            <Trans>Administration</Trans>
          </Anchor>
        )}
        {!accountProblem && (
          <Anchor component={Link} to="/settings/notifications" size="sm">
            <Trans>Notifications</Trans>
          </Anchor>
        )}
        {!accountProblem && (
          <Anchor component={Link} to="/settings/data" size="sm">
            <Trans>My data</Trans>
          </Anchor>
        )}
        {devTools && !accountProblem && (
          <DevToolsTrigger loadFlowStatus={getUserFlowStatus} clearProgress={clearProgressData} />
        )}
      </div>
      <Box className={classes.logout}>
        <Button variant="default" size="xs" onClick={() => void auth.logout()}>
          <Trans>Logout</Trans>
        </Button>
      </Box>
    </header>
  );
}
