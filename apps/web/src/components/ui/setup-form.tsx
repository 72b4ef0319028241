import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import type { FormEvent, ReactNode } from 'react';
import { StartDateNotice, type StartDateNoticeProps } from './start-date-notice.tsx';

type SetupFormProps = {
  // The page heading's id: it names the form.
  labelledBy: string;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  // What the form is for, above the start date.
  intro: ReactNode;
  notice: StartDateNoticeProps;
  // The server's reason when a save failed (null: none to show), under this title.
  failure: { title: string; detail: string | null };
  submit: { label: string; savingLabel: string; saving: boolean; disabled: boolean };
  children: ReactNode;
};

// The frame of the leaders' setup forms (organisational goals; departments and KPIs): what the form
// is for, the start date that locks it, the fields, why the last save failed, and Save.
export function SetupForm({ labelledBy, onSubmit, intro, notice, failure, submit, children }: SetupFormProps) {
  return (
    <form onSubmit={onSubmit} noValidate aria-labelledby={labelledBy}>
      <Stack gap="lg">
        <Text>{intro}</Text>
        <StartDateNotice {...notice} />
        {children}
        {failure.detail && (
          <Alert color="red" role="alert" title={failure.title}>
            {failure.detail}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button type="submit" disabled={submit.disabled}>
            {submit.saving ? submit.savingLabel : submit.label}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
