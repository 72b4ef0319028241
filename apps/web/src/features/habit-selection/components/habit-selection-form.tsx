import type { TProgramme } from '@habitrack/contracts/programmes/get-current-programme';
import { MAX_ACTIVE_HABITS } from '@habitrack/contracts/habits/select-habit';
import { Trans, useLingui } from '@lingui/react/macro';
import { Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useSelectHabits } from '../api/select-habit.ts';
import { useHabitSelection } from '../hooks/use-habit-selection.ts';
import { initiallyExpandedGroupIds, type THabitGroup } from '../utils/habit-groups.ts';
import { getSubmitLabel } from '../utils/submit-label.ts';
import { BehaviourAccordion } from './behaviour-accordion.tsx';
import { SelectionFooter } from './selection-footer.tsx';

const INTRO_PATH = '/programme/intro';
// `refresh` makes the dashboard reload the data the new habits change
// (docs/domain/dashboard-and-flow.md#what-the-dashboard-route-shows).
const DASHBOARD_AFTER_SAVE_PATH = '/programme/dashboard?refresh=1';

type HabitSelectionFormProps = {
  groups: THabitGroup[];
  activeIds: ReadonlySet<string>;
  // Whether the answers are fresh (docs/decisions/012): kept ones never decide what starts open.
  fresh: boolean;
};

// The page's title and what it asks (docs/domain/screens.md#select-your-habits), shown from the
// first frame, before the habits load.
export function SelectionIntro({ programme }: { programme: TProgramme | null }) {
  const max = MAX_ACTIVE_HABITS;
  const programmeName = programme?.name;
  return (
    <Stack gap="xs">
      <Title order={1}>
        <Trans>Select Your Habits</Trans>
      </Title>
      <Text>
        {programmeName === undefined ? (
          <Trans>Choose up to {max} habits to work on for the next 60 days. Open a behaviour to see its habits.</Trans>
        ) : (
          <Trans>
            Choose up to {max} habits to work on for the next 60 days in {programmeName}. Open a behaviour to see its
            habits.
          </Trans>
        )}
      </Text>
    </Stack>
  );
}

export function HabitSelectionForm({ groups, activeIds, fresh }: HabitSelectionFormProps) {
  const navigate = useNavigate();
  const { i18n } = useLingui();
  const selection = useHabitSelection(activeIds);
  const save = useSelectHabits();
  // What starts open follows the answers until they are fresh (a behaviour holding an active habit
  // opens, docs/domain/screens.md#select-your-habits), then stays as the member arranges it: later
  // answers never fold or unfold it.
  const [arranged, setArranged] = useState<string[] | null>(null);
  const expanded = arranged ?? initiallyExpandedGroupIds(groups, activeIds);
  if (fresh && arranged === null) setArranged(expanded);
  const hasHabits = groups.some((group) => group.habits.length > 0);

  const submit = async () => {
    // Failures are logged inside and never thrown: the user goes on regardless
    // (docs/domain/habits-and-the-frame.md#selecting-on-the-select-your-habits-screen).
    if (selection.newIds.length > 0) await save.mutateAsync(selection.newIds);
    await navigate(DASHBOARD_AFTER_SAVE_PATH);
  };

  return (
    <Stack gap="lg">
      {hasHabits ? (
        <BehaviourAccordion
          groups={groups}
          expanded={expanded}
          onExpandedChange={setArranged}
          selectedIds={selection.selectedIds}
          activeIds={activeIds}
          onToggle={selection.toggle}
        />
      ) : (
        <Text c="dimmed">
          <Trans>No habits are available yet. You can skip to the dashboard and come back later.</Trans>
        </Text>
      )}
      <SelectionFooter
        selectedCount={selection.selectedIds.size}
        limitReached={selection.limitReached}
        submitLabel={getSubmitLabel(
          { selectedCount: selection.selectedIds.size, newCount: selection.newIds.length },
          i18n,
        )}
        saving={save.isPending}
        onBack={() => void navigate(INTRO_PATH)}
        onSubmit={() => void submit()}
      />
    </Stack>
  );
}
