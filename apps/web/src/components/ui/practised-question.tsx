import { t } from '@lingui/core/macro';
import { Button, Group, Stack, Text } from '@mantine/core';
import { useId } from 'react';

export type TPractisedAnswer = 'completed' | 'skipped';

type PractisedQuestionProps = {
  // The day asked about, as the question reads, in the member's language (the caller's message):
  // 'today' or 'on Sunday 8 November 2026'.
  when: string;
  answer: TPractisedAnswer | null;
  onAnswer: (answer: TPractisedAnswer) => void;
};

// The check-in's question, asked for today (check-in) or a day of the frame (habit history).
// Two toggle buttons (aria-pressed) rather than radios: one tap answers, and the pressed state is
// announced. Pressing the chosen one again keeps it: saving needs an answer. Its texts come from the
// active catalog (the core macro), so it also renders outside a page.
export function PractisedQuestion({ when, answer, onAnswer }: PractisedQuestionProps) {
  const questionId = useId();
  return (
    <Stack gap="xs">
      <Text fw={600} id={questionId}>
        {t({
          comment: "{when} is 'today' or 'on' and a day, as the caller words it",
          message: `Did you practise this habit ${when}?`,
        })}
      </Text>
      <Group role="group" aria-labelledby={questionId}>
        <Button
          aria-pressed={answer === 'completed'}
          variant={answer === 'completed' ? 'filled' : 'default'}
          color="teal"
          onClick={() => onAnswer('completed')}
        >
          {t`Yes completed`}
        </Button>
        <Button
          aria-pressed={answer === 'skipped'}
          variant={answer === 'skipped' ? 'filled' : 'default'}
          color="gray"
          onClick={() => onAnswer('skipped')}
        >
          {t`No didn't do it`}
        </Button>
      </Group>
    </Stack>
  );
}
