import type {
  TAdminBehaviour,
  TAdminHabit,
  TAdminModule,
  TAdminPositiveChange,
  TAdminProgramme,
} from '@habitrack/contracts/admin/content';
import type { TContentTranslations } from '@habitrack/contracts/common/content-translations';
import { t } from '@lingui/core/macro';
import type { TContentEdit } from '../api/edit-content.ts';
import type { TContentForm, TField, TFieldValue } from './content-edit-modal.tsx';

// The forms of the content tree: which fields each kind of item has, and the edit each sends.
const text = (value: string | null) => value ?? '';
const pick = (values: Record<string, TFieldValue>, changed: string[]) =>
  Object.fromEntries(changed.map((name) => [name, values[name]]));

// A habit's difficulty, in the active locale ("Easy").
export function difficultyLabel(difficulty: TAdminHabit['difficulty']): string {
  switch (difficulty) {
    case 'easy':
      return t`Easy`;
    case 'medium':
      return t`Medium`;
    default:
      return t`Hard`;
  }
}

const DIFFICULTIES = ['easy', 'medium', 'hard'] as const;

// The fields are made when a form opens, so their labels are in the locale of that moment.
const habitFields = (): TField[] => [
  { name: 'name', label: t`Name`, kind: 'text', required: true },
  { name: 'description', label: t`Description`, kind: 'textarea' },
  { name: 'instructions', label: t`Instructions`, kind: 'textarea' },
  {
    name: 'difficulty',
    label: t`Difficulty`,
    kind: 'select',
    options: DIFFICULTIES.map((value) => ({ value, label: difficultyLabel(value) })),
    required: true,
  },
  { name: 'estimated_time_minutes', label: t`Minutes a day`, kind: 'number', min: 1, max: 1440, required: true },
  {
    name: 'default_duration_days',
    label: t`Days to build the habit`,
    kind: 'number',
    min: 1,
    max: 366,
    required: true,
    description: t`Applies to people who choose the habit from now on.`,
  },
  { name: 'tips', label: t`Tips`, kind: 'tags', description: t`Press Enter after each tip.` },
];

type TEditKind = Exclude<TContentEdit['kind'], 'add-habit' | 'retire-habit' | 'restore-habit'>;

function update(kind: TEditKind, id: string) {
  return (values: Record<string, TFieldValue>, changed: string[]): TContentEdit | null =>
    changed.length === 0 ? null : ({ kind, id, changes: pick(values, changed) } as TContentEdit);
}

// The texts of an item a translation may give: its text fields that it has in the default language
// (a description it lacks has nothing to translate).
function translation(
  kind: TEditKind,
  item: { id: string; translations: TContentTranslations } & Record<string, unknown>,
  fields: TField[],
): TContentForm['translation'] {
  return {
    translations: item.translations,
    // None is required: an empty one shows the default language's text.
    fields: fields
      .filter(
        (field) =>
          (field.kind === 'text' || field.kind === 'textarea' || field.kind === 'tags') &&
          item[field.name] !== null &&
          !(Array.isArray(item[field.name]) && (item[field.name] as unknown[]).length === 0),
      )
      .map((field) => ({ ...field, required: false })),
    toEdit: (locale, texts) => ({ kind, id: item.id, changes: { translations: { [locale]: texts } } }) as TContentEdit,
  };
}

export function programmeForm(programme: TAdminProgramme): TContentForm {
  const fields: TField[] = [
    { name: 'name', label: t`Name`, kind: 'text', required: true },
    { name: 'description', label: t`Description`, kind: 'textarea' },
    {
      name: 'intro_content',
      label: t`Introduction (HTML)`,
      kind: 'textarea',
      description: t`Shown on the programme introduction page. Unsafe HTML is removed when it is saved.`,
    },
  ];
  return {
    title: t`Edit ${programme.name}`,
    fields,
    initial: {
      name: programme.name,
      description: text(programme.description),
      intro_content: text(programme.intro_content),
    },
    toEdit: update('programme', programme.id),
    translation: translation('programme', programme, fields),
  };
}

export function moduleForm(module: TAdminModule): TContentForm {
  const fields: TField[] = [{ name: 'name', label: t`Name`, kind: 'text', required: true }];
  return {
    title: t`Rename the module ${module.name}`,
    fields,
    initial: { name: module.name },
    toEdit: update('module', module.id),
    translation: translation('module', module, fields),
  };
}

export function behaviourForm(behaviour: TAdminBehaviour): TContentForm {
  const fields: TField[] = [
    { name: 'name', label: t`Name`, kind: 'text', required: true },
    { name: 'description', label: t`Description`, kind: 'textarea' },
  ];
  return {
    title: t`Edit the behaviour ${behaviour.name}`,
    fields,
    initial: { name: behaviour.name, description: text(behaviour.description) },
    toEdit: update('behaviour', behaviour.id),
    translation: translation('behaviour', behaviour, fields),
  };
}

export function habitForm(habit: TAdminHabit): TContentForm {
  const name = habit.name;
  const fields = habitFields();
  return {
    title: t`Edit the habit ${name}`,
    fields,
    translation: translation('habit', habit, fields),
    initial: {
      name: habit.name,
      description: text(habit.description),
      instructions: text(habit.instructions),
      difficulty: habit.difficulty,
      estimated_time_minutes: habit.estimated_time_minutes,
      default_duration_days: habit.default_duration_days,
      tips: habit.tips,
    },
    toEdit: update('habit', habit.id),
  };
}

export function newHabitForm(behaviour: TAdminBehaviour): TContentForm {
  return {
    title: t`Add a habit to ${behaviour.name}`,
    fields: habitFields(),
    initial: {
      name: '',
      description: '',
      instructions: '',
      difficulty: 'easy',
      estimated_time_minutes: 5,
      default_duration_days: 60,
      tips: [],
    },
    submitLabel: t`Add the habit`,
    toEdit: (values) => ({
      kind: 'add-habit',
      behaviourId: behaviour.id,
      habit: {
        name: String(values.name),
        description: String(values.description ?? ''),
        instructions: String(values.instructions ?? ''),
        difficulty: values.difficulty as 'easy' | 'medium' | 'hard',
        estimated_time_minutes: Number(values.estimated_time_minutes),
        default_duration_days: Number(values.default_duration_days),
        tips: Array.isArray(values.tips) ? values.tips : [],
      },
    }),
  };
}

export function positiveChangeForm(change: TAdminPositiveChange): TContentForm {
  const fields: TField[] = [
    { name: 'name', label: t`Name`, kind: 'text', required: true },
    { name: 'description', label: t`Description`, kind: 'textarea' },
    { name: 'category', label: t`Category`, kind: 'text', required: true },
  ];
  return {
    title: t`Edit the positive change ${change.name}`,
    fields,
    initial: { name: change.name, description: text(change.description), category: change.category },
    toEdit: update('positive-change', change.id),
    translation: translation('positive-change', change, fields),
  };
}
