import { MOOD_SCALE } from '@habitrack/contracts/mood/record-mood';
import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Button, Group, Modal, SimpleGrid, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { MOOD_LABELS, MoodFace } from '../../../components/ui/mood-face.tsx';
import { useRecordMood } from '../api/record-mood.ts';
import { useSkipMood } from '../api/skip-mood.ts';

type MoodPromptProps = {
  // Whether the flow status asks for today's mood (docs/domain/mood.md#the-mood-prompt); the route
  // decides.
  opened: boolean;
  // Called once the mood (or the skip) is saved, to reload what depends on it.
  onRecorded: () => void;
};

// The mood prompt (docs/domain/mood.md#the-mood-prompt). Only an answer or the skip closes it (no
// close button, Escape or outside click): the prompt exists to get one of the two. A failed save is
// only logged and the modal stays, with a line saying so, so the member can try again.
export function MoodPrompt({ opened, onRecorded }: MoodPromptProps) {
  const { t, i18n } = useLingui();
  const [done, setDone] = useState(false);
  const [failed, setFailed] = useState(false);
  const record = useRecordMood();
  const skip = useSkipMood();
  const busy = record.isPending || skip.isPending;

  const callbacks = {
    onSuccess: () => {
      setDone(true);
      onRecorded();
    },
    onError: (error: Error) => {
      console.error('Could not save the mood entry', error);
      setFailed(true);
    },
  };
  const choose = (value: number) => {
    setFailed(false);
    record.mutate(value, callbacks);
  };
  const skipToday = () => {
    setFailed(false);
    skip.mutate(undefined, callbacks);
  };

  return (
    <Modal
      opened={opened && !done}
      onClose={() => {}}
      title={t`How are you feeling today?`}
      withCloseButton={false}
      closeOnEscape={false}
      closeOnClickOutside={false}
      centered
      size="lg"
    >
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          <Trans>Your mood is private: only you see it.</Trans>
        </Text>
        <SimpleGrid cols={{ base: 3, xs: 5 }} spacing="xs">
          {MOOD_SCALE.map((mood) => (
            <Button
              key={mood.value}
              variant="default"
              h="auto"
              py="sm"
              px={4}
              disabled={busy}
              onClick={() => choose(mood.value)}
            >
              <Stack gap={4} align="center">
                <MoodFace value={mood.value} size={32} decorative />
                <span>{i18n._(MOOD_LABELS[mood.value])}</span>
              </Stack>
            </Button>
          ))}
        </SimpleGrid>
        {failed && (
          <Alert color="red" role="alert">
            <Trans>We couldn&apos;t save your answer. Please try again.</Trans>
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="subtle" disabled={busy} onClick={skipToday}>
            <Trans>Skip for today</Trans>
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
