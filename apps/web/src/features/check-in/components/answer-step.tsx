import { Button, Group, Stack, Text } from '@mantine/core';
import { useId } from 'react';
import type { TAnswer } from '../utils/initial-entry.ts';

type AnswerStepProps = {
  answer: TAnswer | null;
  onAnswer: (answer: TAnswer) => void;
};

// Two toggle buttons (aria-pressed) rather than radios: one tap answers, and the pressed state is
// announced. Pressing the chosen one again keeps it: saving needs an answer.
export function AnswerStep({ answer, onAnswer }: AnswerStepProps) {
  const questionId = useId();
  return (
    <Stack gap="xs">
      <Text fw={600} id={questionId}>
        Did you practise this habit today?
      </Text>
      <Group role="group" aria-labelledby={questionId}>
        <Button
          aria-pressed={answer === 'completed'}
          variant={answer === 'completed' ? 'filled' : 'default'}
          color="teal"
          onClick={() => onAnswer('completed')}
        >
          Yes completed
        </Button>
        <Button
          aria-pressed={answer === 'skipped'}
          variant={answer === 'skipped' ? 'filled' : 'default'}
          color="gray"
          onClick={() => onAnswer('skipped')}
        >
          No didn&apos;t do it
        </Button>
      </Group>
    </Stack>
  );
}
