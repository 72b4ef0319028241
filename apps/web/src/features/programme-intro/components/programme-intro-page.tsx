import type { TProgramme } from '@habitrack/contracts/programmes/get-current-programme';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Button, Group, Stack, Text, Title, Typography } from '@mantine/core';
import { useNavigate } from 'react-router';
import { ErrorState } from '../../../components/ui/error-state.tsx';
import { LoadingState } from '../../../components/ui/loading-state.tsx';
import { useCurrentProgramme } from '../../../lib/queries/current-programme.ts';

// The name to show when the member has no programme (docs/domain/constants.md#default-texts).
const DEFAULT_PROGRAMME_NAME = msg`Leadership Excellence Programme`;
const HABIT_SELECTION_PATH = '/programme/behaviour-habit-selection';

// Blank strings from the admin import count as "not written yet".
function present(text: string | null | undefined): text is string {
  return !!text && text.trim() !== '';
}

function ProgrammeBody({ programme }: { programme: TProgramme | null }) {
  if (present(programme?.intro_content)) {
    return (
      <Typography>
        {/* Safe: the API sanitises intro_content before storing it (contract ZProgramme). */}
        <div dangerouslySetInnerHTML={{ __html: programme.intro_content }} />
      </Typography>
    );
  }
  if (present(programme?.description)) {
    return (
      <Stack gap="xs">
        <Title order={2}>
          <Trans>Programme Overview</Trans>
        </Title>
        <Text style={{ whiteSpace: 'pre-line' }}>{programme.description}</Text>
      </Stack>
    );
  }
  return (
    <Text c="dimmed">
      <Trans>No programme information available.</Trans>
    </Text>
  );
}

// The programme welcome and the way into habit selection (Module 1)
// (docs/domain/screens.md#programme-intro).
export function ProgrammeIntroPage() {
  const { t, i18n } = useLingui();
  const navigate = useNavigate();
  const programme = useCurrentProgramme();

  if (programme.isPending) return <LoadingState label={t`Loading your programme...`} />;
  if (programme.isError) {
    return (
      <ErrorState
        title={t`We couldn't load your programme`}
        message={t`Check your connection and try again. If it keeps happening, contact your programme administrator.`}
        onRetry={() => void programme.refetch()}
      />
    );
  }

  return (
    <Stack gap="lg">
      <Title order={1}>{programme.data?.name ?? i18n._(DEFAULT_PROGRAMME_NAME)}</Title>
      <ProgrammeBody programme={programme.data} />
      <Group>
        <Button onClick={() => void navigate(HABIT_SELECTION_PATH)}>
          <Trans>Continue to Module 1</Trans>
        </Button>
      </Group>
    </Stack>
  );
}
