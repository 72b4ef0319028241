import { Trans, useLingui } from '@lingui/react/macro';
import { Button, Fieldset, Group, Stack, Textarea, TextInput } from '@mantine/core';
import type { TGoalDraft } from '../utils/goal-drafts.ts';

type GoalFieldsetProps = {
  position: number;
  goal: TGoalDraft;
  disabled: boolean;
  // Set on the row just added, so a keyboard user can type straight away.
  autoFocus: boolean;
  onChange: (patch: Partial<Omit<TGoalDraft, 'id'>>) => void;
  onRemove: () => void;
};

// One goal; the legend names the group, so "Title" and "Description" are unambiguous to a screen reader.
export function GoalFieldset({ position, goal, disabled, autoFocus, onChange, onRemove }: GoalFieldsetProps) {
  const { t } = useLingui();
  return (
    <Fieldset legend={t`Goal ${position}`} disabled={disabled}>
      <Stack gap="sm">
        <TextInput
          label={t`Title`}
          value={goal.title}
          autoFocus={autoFocus}
          maxLength={200}
          onChange={(event) => onChange({ title: event.currentTarget.value })}
        />
        <Textarea
          label={t`Description (optional)`}
          value={goal.description}
          // Fixed rows rather than autosize: autosize listens to document.fonts, which jsdom lacks.
          rows={2}
          maxLength={2000}
          onChange={(event) => onChange({ description: event.currentTarget.value })}
        />
        <Group justify="flex-end">
          <Button variant="subtle" color="red" aria-label={t`Remove goal ${position}`} onClick={onRemove}>
            <Trans>Remove</Trans>
          </Button>
        </Group>
      </Stack>
    </Fieldset>
  );
}
