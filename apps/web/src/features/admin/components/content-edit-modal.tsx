import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Button, Group, Modal, NumberInput, Select, Stack, TagsInput, Textarea, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useEditContent, type TContentEdit } from '../api/edit-content.ts';
import { problemMessage } from '../utils/problem-message.ts';

export type TFieldValue = string | number | string[];
export type TField = {
  name: string;
  label: string;
  kind: 'text' | 'textarea' | 'number' | 'select' | 'tags';
  required?: boolean;
  description?: string;
  options?: { value: string; label: string }[];
  min?: number;
  max?: number;
};

export type TContentForm = {
  title: string;
  fields: TField[];
  initial: Record<string, TFieldValue>;
  // The edit to send for the values (only the changed ones, for an update).
  toEdit: (values: Record<string, TFieldValue>, changed: string[]) => TContentEdit | null;
  submitLabel?: string;
};

function FieldInput({
  field,
  value,
  onChange,
}: {
  field: TField;
  value: TFieldValue;
  onChange: (value: TFieldValue) => void;
}) {
  const common = { label: field.label, required: field.required, description: field.description };
  switch (field.kind) {
    case 'textarea':
      return (
        <Textarea
          {...common}
          rows={4}
          resize="vertical"
          value={String(value)}
          onChange={(event) => onChange(event.currentTarget.value)}
        />
      );
    case 'number':
      return (
        <NumberInput
          {...common}
          min={field.min}
          max={field.max}
          allowDecimal={false}
          value={typeof value === 'number' ? value : Number(value) || ''}
          onChange={(next) => onChange(typeof next === 'number' ? next : Number(next))}
        />
      );
    case 'select':
      return (
        <Select
          {...common}
          data={field.options ?? []}
          value={String(value)}
          onChange={(next) => onChange(next ?? '')}
          allowDeselect={false}
        />
      );
    case 'tags':
      return <TagsInput {...common} value={Array.isArray(value) ? value : []} onChange={onChange} />;
    default:
      return <TextInput {...common} value={String(value)} onChange={(event) => onChange(event.currentTarget.value)} />;
  }
}

const same = (a: TFieldValue | undefined, b: TFieldValue | undefined) => JSON.stringify(a) === JSON.stringify(b);

// One form for every text of the programme (its name, a module, a behaviour, a habit, a positive
// change, a new habit). A refused save keeps what was typed.
export function ContentEditModal({ form, onClose }: { form: TContentForm | null; onClose: () => void }) {
  const { t } = useLingui();
  const [values, setValues] = useState<Record<string, TFieldValue>>(form?.initial ?? {});
  const edit = useEditContent();
  const close = () => {
    edit.reset();
    onClose();
  };
  const submit = () => {
    if (!form) return;
    const changed = form.fields.map((field) => field.name).filter((name) => !same(values[name], form.initial[name]));
    const request = form.toEdit(values, changed);
    if (!request) close();
    else edit.mutate(request, { onSuccess: close });
  };
  return (
    <Modal
      opened={form !== null}
      onClose={close}
      closeButtonProps={{ 'aria-label': t`Close` }}
      title={form?.title}
      size="lg"
      centered
    >
      {form && (
        <form
          onSubmit={(event) => {
            event.preventDefault();
            submit();
          }}
        >
          <Stack gap="sm">
            {form.fields.map((field) => (
              <FieldInput
                key={field.name}
                field={field}
                value={values[field.name] ?? ''}
                onChange={(value) => setValues((current) => ({ ...current, [field.name]: value }))}
              />
            ))}
            {edit.isError && (
              <Alert color="red" role="alert" title={t`Not saved`}>
                {problemMessage(edit.error)}
              </Alert>
            )}
            <Group justify="flex-end" gap="sm">
              <Button variant="default" onClick={close}>
                <Trans>Cancel</Trans>
              </Button>
              <Button type="submit" loading={edit.isPending}>
                {form.submitLabel ?? t`Save`}
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  );
}
