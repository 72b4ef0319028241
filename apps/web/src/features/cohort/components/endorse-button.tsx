import { Trans, useLingui } from '@lingui/react/macro';
import { Button, Stack, Text } from '@mantine/core';
import { useId } from 'react';
import type { TEndorseState } from '../utils/endorse-state.ts';

type EndorseButtonProps = {
  state: TEndorseState;
  memberName: string;
  onEndorse: () => void;
};

// A disabled button cannot be focused or hovered reliably, so its reason is visible text under it,
// tied to the button with aria-describedby. The person's name is part of the accessible name:
// a screen reader tabbing through the table otherwise hears "Endorse" eight times.
export function EndorseButton({ state, memberName, onEndorse }: EndorseButtonProps) {
  const reasonId = useId();
  const { t } = useLingui();
  if (state.kind === 'none') return null;
  if (state.kind === 'enabled') {
    return (
      <Button size="xs" onClick={onEndorse} aria-label={t`Endorse ${memberName}`}>
        <Trans>Endorse</Trans>
      </Button>
    );
  }
  return (
    <Stack gap={4} align="flex-start" maw={180}>
      <Button
        size="xs"
        variant={state.label === 'Endorsed' ? 'light' : 'default'}
        disabled
        aria-label={state.label === 'Endorsed' ? t`Endorsed ${memberName}` : t`Endorse ${memberName}`}
        aria-describedby={reasonId}
      >
        {state.label === 'Endorsed' ? <Trans>Endorsed</Trans> : <Trans>Endorse</Trans>}
      </Button>
      <Text id={reasonId} size="xs" c="dimmed">
        {state.reason}
      </Text>
    </Stack>
  );
}
