import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Button, Group, Modal, NumberInput, Select, Stack, TagsInput, Textarea, TextInput } from '@mantine/core';
import type { TContentTranslations } from '@habitrack/contracts/common/content-translations';
import { useState } from 'react';
import { LOCALE_NAMES, SUPPORTED_LOCALES, isSupportedLocale } from '../../../lib/i18n/locales.ts';
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
  // The item's texts in other languages (docs/domain/programme-content.md#languages): which fields
  // can be translated, what is stored, and the edit that replaces one locale's texts (null removes them).
  translation?: {
    translations: TContentTranslations;
    fields: TField[];
    toEdit: (locale: string, texts: Record<string, string | string[]> | null) => TContentEdit;
  };
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

// A locale's stored texts as the form's values (empty where there is no translation).
function translationValues(form: TContentForm, locale: string): Record<string, TFieldValue> {
  const stored = (form.translation?.translations as Record<string, Record<string, unknown>> | undefined)?.[locale];
  return Object.fromEntries(
    (form.translation?.fields ?? []).map((field) => {
      const value = stored?.[field.name];
      return [field.name, field.kind === 'tags' ? (Array.isArray(value) ? value : []) : String(value ?? '')];
    }),
  );
}

// The texts a translation keeps: those filled in (an empty one shows the default language's).
function filledTexts(values: Record<string, TFieldValue>) {
  const texts: Record<string, string | string[]> = {};
  for (const [name, value] of Object.entries(values)) {
    if (Array.isArray(value) ? value.length > 0 : String(value).trim() !== '') {
      texts[name] = Array.isArray(value) ? value : String(value).trim();
    }
  }
  return Object.keys(texts).length > 0 ? texts : null;
}

// One form for every text of the programme (its name, a module, a behaviour, a habit, a positive
// change, a new habit), in the programme's default language or, for an item that has them, in the
// other languages. A refused save keeps what was typed.
export function ContentEditModal({
  form,
  onClose,
  defaultLocale,
}: {
  form: TContentForm | null;
  onClose: () => void;
  // The programme's default language, the language of the texts themselves.
  defaultLocale?: string;
}) {
  const { t } = useLingui();
  const mainLocale = defaultLocale ?? 'en-GB';
  const [locale, setLocale] = useState(mainLocale);
  const [values, setValues] = useState<Record<string, TFieldValue>>(form?.initial ?? {});
  const edit = useEditContent();
  const translating = form?.translation !== undefined && locale !== mainLocale;
  const fields = translating ? form!.translation!.fields : (form?.fields ?? []);
  const initial = form ? (translating ? translationValues(form, locale) : form.initial) : {};
  const close = () => {
    edit.reset();
    onClose();
  };
  const chooseLocale = (next: string) => {
    if (!form) return;
    edit.reset();
    setLocale(next);
    setValues(next === mainLocale ? form.initial : translationValues(form, next));
  };
  const submit = () => {
    if (!form) return;
    const changed = fields.map((field) => field.name).filter((name) => !same(values[name], initial[name]));
    const request =
      changed.length === 0
        ? null
        : translating
          ? form.translation!.toEdit(locale, filledTexts(values))
          : form.toEdit(values, changed);
    if (!request) close();
    else edit.mutate(request, { onSuccess: close });
  };
  const localeName = (code: string) => (isSupportedLocale(code) ? LOCALE_NAMES[code] : code);
  const mainName = localeName(mainLocale);
  const chosenName = localeName(locale);
  const languages = [
    { value: mainLocale, label: t`${mainName} (the programme's language)` },
    ...SUPPORTED_LOCALES.filter((code) => code !== mainLocale).map((code) => ({
      value: code,
      label: localeName(code),
    })),
  ];
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
            {form.translation && (
              <Select
                label={t`Language`}
                data={languages}
                value={locale}
                onChange={(next) => chooseLocale(next ?? mainLocale)}
                allowDeselect={false}
                description={
                  translating
                    ? t`Members who read ${chosenName} see these texts. An empty field shows the text in ${mainName}.`
                    : undefined
                }
              />
            )}
            {fields.map((field) => (
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
