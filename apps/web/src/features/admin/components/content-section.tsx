import type { TAdminBehaviour, TAdminHabit, TAdminProgramme } from '@habitrack/contracts/admin/content';
import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Accordion, Alert, Badge, Button, Group, List, Paper, Select, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { ErrorState } from '../../../components/ui/error-state.tsx';
import { LoadingState } from '../../../components/ui/loading-state.tsx';
import { useEditContent } from '../api/edit-content.ts';
import { useProgramme, useProgrammes } from '../api/programmes.ts';
import { problemMessage } from '../utils/problem-message.ts';
import { ContentEditModal, type TContentForm } from './content-edit-modal.tsx';
import {
  behaviourForm,
  difficultyLabel,
  habitForm,
  moduleForm,
  newHabitForm,
  positiveChangeForm,
  programmeForm,
} from './content-forms.ts';
import { ProgrammeUploadModal } from './programme-upload-modal.tsx';

type THabitItemProps = { habit: TAdminHabit; onEdit: (form: TContentForm) => void };

function HabitItem({ habit, onEdit }: THabitItemProps) {
  const { t } = useLingui();
  const edit = useEditContent();
  const difficulty = difficultyLabel(habit.difficulty);
  const minutes = habit.estimated_time_minutes;
  const durationDays = habit.default_duration_days;
  const days = plural(durationDays, { one: '# day', other: '# days' });
  const name = habit.name;
  return (
    <Paper withBorder p="sm" radius="md" bg={habit.retired ? 'var(--mantine-color-gray-0)' : undefined}>
      <Stack gap="xs">
        <Group justify="space-between" gap="xs" align="flex-start">
          <Stack gap={2} style={{ flex: '1 1 200px' }}>
            <Group gap="xs">
              <Text fw={600}>{habit.name}</Text>
              {habit.retired && (
                <Badge miw="max-content" color="gray">
                  <Trans>Retired</Trans>
                </Badge>
              )}
            </Group>
            <Text size="sm" c="dimmed">
              {t`${difficulty}, ${minutes} min a day, ${days}`}
            </Text>
            {habit.description && <Text size="sm">{habit.description}</Text>}
          </Stack>
          <Group gap="xs">
            <Button
              size="xs"
              variant="light"
              onClick={() => onEdit(habitForm(habit))}
              aria-label={t`Edit the habit ${name}`}
            >
              <Trans>Edit</Trans>
            </Button>
            <Button
              size="xs"
              variant="default"
              loading={edit.isPending}
              onClick={() => edit.mutate({ kind: habit.retired ? 'restore-habit' : 'retire-habit', id: habit.id })}
              aria-label={habit.retired ? t`Restore the habit ${name}` : t`Retire the habit ${name}`}
            >
              {habit.retired ? t`Restore` : t`Retire`}
            </Button>
          </Group>
        </Group>
        {edit.isError && (
          <Alert color="red" role="alert" title={t`Not changed`}>
            {problemMessage(edit.error)}
          </Alert>
        )}
        {habit.positive_changes.length > 0 && (
          <Stack gap={4}>
            <Text size="sm" fw={500}>
              <Trans>Positive changes</Trans>
            </Text>
            <List size="sm" spacing={4}>
              {habit.positive_changes.map((change) => (
                <List.Item key={change.id}>
                  <Group gap="xs" wrap="wrap">
                    <Text size="sm" span>
                      {change.name}{' '}
                      <Text span size="xs" c="dimmed">
                        ({change.category})
                      </Text>
                    </Text>
                    <Button
                      size="compact-xs"
                      variant="subtle"
                      onClick={() => onEdit(positiveChangeForm(change))}
                      aria-label={t`Edit the positive change ${change.name}`}
                    >
                      <Trans>Edit</Trans>
                    </Button>
                  </Group>
                </List.Item>
              ))}
            </List>
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}

function BehaviourPanel({ behaviour, onEdit }: { behaviour: TAdminBehaviour; onEdit: (form: TContentForm) => void }) {
  return (
    <Stack gap="sm">
      {behaviour.description && <Text size="sm">{behaviour.description}</Text>}
      <Group gap="xs">
        <Button size="xs" variant="light" onClick={() => onEdit(behaviourForm(behaviour))}>
          <Trans>Edit the behaviour</Trans>
        </Button>
        <Button size="xs" onClick={() => onEdit(newHabitForm(behaviour))}>
          <Trans>Add a habit</Trans>
        </Button>
      </Group>
      {behaviour.habits.length === 0 && (
        <Text size="sm">
          <Trans>No habits yet.</Trans>
        </Text>
      )}
      {behaviour.habits.map((habit) => (
        <HabitItem key={habit.id} habit={habit} onEdit={onEdit} />
      ))}
    </Stack>
  );
}

function ProgrammeTree({ programme, onEdit }: { programme: TAdminProgramme; onEdit: (form: TContentForm) => void }) {
  const { t } = useLingui();
  return (
    <Stack gap="md">
      <Paper withBorder p="md" radius="md">
        <Group justify="space-between" align="flex-start" gap="sm">
          <Stack gap={4} style={{ flex: '1 1 240px' }}>
            <Title order={2} size="h4">
              {programme.name}
            </Title>
            {programme.description && <Text size="sm">{programme.description}</Text>}
          </Stack>
          <Button size="xs" variant="light" onClick={() => onEdit(programmeForm(programme))}>
            <Trans>Edit the programme</Trans>
          </Button>
        </Group>
      </Paper>
      <Stack gap="xs">
        <Title order={3} size="h5">
          <Trans>Modules</Trans>
        </Title>
        {programme.modules.length === 0 && (
          <Text size="sm">
            <Trans>No modules.</Trans>
          </Text>
        )}
        <List spacing={4}>
          {programme.modules.map((module) => (
            <List.Item key={module.id}>
              <Group gap="xs">
                <Text span>{module.name}</Text>
                <Button
                  size="compact-xs"
                  variant="subtle"
                  onClick={() => onEdit(moduleForm(module))}
                  aria-label={t`Rename the module ${module.name}`}
                >
                  <Trans>Rename</Trans>
                </Button>
              </Group>
            </List.Item>
          ))}
        </List>
      </Stack>
      <Stack gap="xs">
        <Title order={3} size="h5">
          <Trans>Behaviours and their habits</Trans>
        </Title>
        {programme.behaviours.length === 0 && (
          <Text size="sm">
            <Trans>No behaviours.</Trans>
          </Text>
        )}
        <Accordion variant="separated" multiple>
          {programme.behaviours.map((behaviour) => (
            <Accordion.Item key={behaviour.id} value={behaviour.id}>
              <Accordion.Control>
                {behaviour.name}{' '}
                <Text span size="sm" c="dimmed">
                  {plural(behaviour.habits.length, { one: '(# habit)', other: '(# habits)' })}
                </Text>
              </Accordion.Control>
              <Accordion.Panel>
                <BehaviourPanel behaviour={behaviour} onEdit={onEdit} />
              </Accordion.Panel>
            </Accordion.Item>
          ))}
        </Accordion>
      </Stack>
    </Stack>
  );
}

// Programme content: the programme's modules, behaviours, habits (retired ones too) and positive
// changes, each editable; habits can be added, retired and restored; a programme file can be uploaded.
export function ContentSection() {
  const { t } = useLingui();
  const programmes = useProgrammes();
  const [chosen, setChosen] = useState<string | null>(null);
  const programmeId = chosen ?? programmes.data?.[0]?.id ?? null;
  const programme = useProgramme(programmeId);
  const [form, setForm] = useState<TContentForm | null>(null);
  const [formKey, setFormKey] = useState(0);
  const [uploading, setUploading] = useState(false);
  const openForm = (next: TContentForm) => {
    setFormKey((key) => key + 1);
    setForm(next);
  };

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end" gap="sm">
        {programmes.data && programmes.data.length > 0 ? (
          <Select
            label={t`Programme`}
            data={programmes.data.map((item) => ({ value: item.id, label: item.name }))}
            value={programmeId}
            onChange={setChosen}
            allowDeselect={false}
            miw={240}
          />
        ) : (
          <span />
        )}
        <Button variant="default" onClick={() => setUploading(true)}>
          <Trans>Upload a programme file</Trans>
        </Button>
      </Group>
      {(programmes.isPending || (programmeId && programme.isPending)) && (
        <LoadingState label={t`Loading the programme`} />
      )}
      {(programmes.isError || programme.isError) && (
        <ErrorState
          compact
          title={t`The programme could not be loaded`}
          message={problemMessage(programmes.error ?? programme.error)}
          onRetry={() => void (programmes.isError ? programmes.refetch() : programme.refetch())}
        />
      )}
      {programmes.data?.length === 0 && (
        <Text>
          <Trans>There is no programme yet. Upload a programme file to add one.</Trans>
        </Text>
      )}
      {programme.data && <ProgrammeTree programme={programme.data} onEdit={openForm} />}
      <ContentEditModal
        key={formKey}
        form={form}
        onClose={() => setForm(null)}
        defaultLocale={programme.data?.default_locale}
      />
      <ProgrammeUploadModal opened={uploading} onClose={() => setUploading(false)} />
    </Stack>
  );
}
