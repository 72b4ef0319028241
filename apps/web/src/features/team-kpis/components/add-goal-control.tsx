import { Trans, useLingui } from '@lingui/react/macro';
import { Button, Group, NativeSelect, Text } from '@mantine/core';
import { useState } from 'react';
import type { TOption } from '../utils/kpi-form-rules.ts';

type AddGoalControlProps = {
  options: TOption[];
  onAdd: (goalId: string) => void;
};

// A native select and a button rather than adding on change: some browsers fire change while the
// arrow keys move through a closed select, which would add every goal a keyboard user passes.
export function AddGoalControl({ options, onAdd }: AddGoalControlProps) {
  const { t } = useLingui();
  const [goalId, setGoalId] = useState('');
  if (options.every((option) => option.disabled)) {
    return (
      <Text size="sm" c="dimmed">
        <Trans>Every organizational goal has been added to this department.</Trans>
      </Text>
    );
  }
  const add = () => {
    onAdd(goalId);
    setGoalId('');
  };
  return (
    <Group align="flex-end" gap="xs">
      <NativeSelect
        label={t`Add a goal`}
        value={goalId}
        onChange={(event) => setGoalId(event.currentTarget.value)}
        data={[{ value: '', label: t`Choose a goal`, disabled: false }, ...options]}
        style={{ flex: 1 }}
      />
      <Button variant="default" disabled={goalId === ''} onClick={add}>
        <Trans>Add goal</Trans>
      </Button>
    </Group>
  );
}
