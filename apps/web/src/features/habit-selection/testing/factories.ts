import type { TUserHabit } from '@habitrack/contracts/habits/list-my-active-habits';
import type { TProgramme } from '@habitrack/contracts/programmes/get-current-programme';
import type { TBehaviour, THabit } from '@habitrack/contracts/programmes/list-behaviours';

export function createProgramme(overrides: Partial<TProgramme> = {}): TProgramme {
  return {
    id: crypto.randomUUID(),
    name: 'Inclusive Leadership 2025',
    description: null,
    intro_content: null,
    starts_at: null,
    modules: [],
    ...overrides,
  };
}

export function createHabit(overrides: Partial<THabit> = {}): THabit {
  return {
    id: crypto.randomUUID(),
    name: 'Active Listening',
    description: 'Give people your full attention.',
    instructions: 'In one conversation a day, summarise what you heard before answering.',
    difficulty: 'easy',
    estimated_time_minutes: 10,
    default_duration_days: 60,
    tips: [],
    positive_changes: [
      { id: crypto.randomUUID(), name: 'Stronger trust', description: null, category: 'relationships' },
    ],
    ...overrides,
  };
}

export function createBehaviour(overrides: Partial<TBehaviour> = {}): TBehaviour {
  return { id: crypto.randomUUID(), name: 'Communication', description: null, habits: [], ...overrides };
}

export function createUserHabit(habit: THabit, overrides: Partial<TUserHabit> = {}): TUserHabit {
  return { id: crypto.randomUUID(), habit, started_on: '2025-09-01', target_days: 60, ...overrides };
}
