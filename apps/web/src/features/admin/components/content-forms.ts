import type {
  TAdminBehaviour,
  TAdminHabit,
  TAdminModule,
  TAdminPositiveChange,
  TAdminProgramme,
} from '@habitrack/contracts/admin/content';
import type { TContentEdit } from '../api/edit-content.ts';
import type { TContentForm, TField, TFieldValue } from './content-edit-modal.tsx';

// The forms of the content tree: which fields each kind of item has, and the edit each sends.
const text = (value: string | null) => value ?? '';
const pick = (values: Record<string, TFieldValue>, changed: string[]) =>
  Object.fromEntries(changed.map((name) => [name, values[name]]));

const DIFFICULTIES = [
  { value: 'easy', label: 'Easy' },
  { value: 'medium', label: 'Medium' },
  { value: 'hard', label: 'Hard' },
];

const HABIT_FIELDS: TField[] = [
  { name: 'name', label: 'Name', kind: 'text', required: true },
  { name: 'description', label: 'Description', kind: 'textarea' },
  { name: 'instructions', label: 'Instructions', kind: 'textarea' },
  { name: 'difficulty', label: 'Difficulty', kind: 'select', options: DIFFICULTIES, required: true },
  { name: 'estimated_time_minutes', label: 'Minutes a day', kind: 'number', min: 1, max: 1440, required: true },
  {
    name: 'default_duration_days',
    label: 'Days to build the habit',
    kind: 'number',
    min: 1,
    max: 366,
    required: true,
    description: 'Applies to people who choose the habit from now on.',
  },
  { name: 'tips', label: 'Tips', kind: 'tags', description: 'Press Enter after each tip.' },
];

function update(kind: Exclude<TContentEdit['kind'], 'add-habit' | 'retire-habit' | 'restore-habit'>, id: string) {
  return (values: Record<string, TFieldValue>, changed: string[]): TContentEdit | null =>
    changed.length === 0 ? null : ({ kind, id, changes: pick(values, changed) } as TContentEdit);
}

export function programmeForm(programme: TAdminProgramme): TContentForm {
  return {
    title: `Edit ${programme.name}`,
    fields: [
      { name: 'name', label: 'Name', kind: 'text', required: true },
      { name: 'description', label: 'Description', kind: 'textarea' },
      {
        name: 'intro_content',
        label: 'Introduction (HTML)',
        kind: 'textarea',
        description: 'Shown on the programme introduction page. Unsafe HTML is removed when it is saved.',
      },
    ],
    initial: {
      name: programme.name,
      description: text(programme.description),
      intro_content: text(programme.intro_content),
    },
    toEdit: update('programme', programme.id),
  };
}

export function moduleForm(module: TAdminModule): TContentForm {
  return {
    title: `Rename the module ${module.name}`,
    fields: [{ name: 'name', label: 'Name', kind: 'text', required: true }],
    initial: { name: module.name },
    toEdit: update('module', module.id),
  };
}

export function behaviourForm(behaviour: TAdminBehaviour): TContentForm {
  return {
    title: `Edit the behaviour ${behaviour.name}`,
    fields: [
      { name: 'name', label: 'Name', kind: 'text', required: true },
      { name: 'description', label: 'Description', kind: 'textarea' },
    ],
    initial: { name: behaviour.name, description: text(behaviour.description) },
    toEdit: update('behaviour', behaviour.id),
  };
}

export function habitForm(habit: TAdminHabit): TContentForm {
  return {
    title: `Edit the habit ${habit.name}`,
    fields: HABIT_FIELDS,
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
    title: `Add a habit to ${behaviour.name}`,
    fields: HABIT_FIELDS,
    initial: {
      name: '',
      description: '',
      instructions: '',
      difficulty: 'easy',
      estimated_time_minutes: 5,
      default_duration_days: 60,
      tips: [],
    },
    submitLabel: 'Add the habit',
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
  return {
    title: `Edit the positive change ${change.name}`,
    fields: [
      { name: 'name', label: 'Name', kind: 'text', required: true },
      { name: 'description', label: 'Description', kind: 'textarea' },
      { name: 'category', label: 'Category', kind: 'text', required: true },
    ],
    initial: { name: change.name, description: text(change.description), category: change.category },
    toEdit: update('positive-change', change.id),
  };
}
