import type { TOrganizationalGoal } from '@habitrack/contracts/organizational/list-goals';
import type { TProgramme } from '@habitrack/contracts/programmes/get-current-programme';

export function createProgramme(overrides: Partial<TProgramme> = {}): TProgramme {
  return {
    id: crypto.randomUUID(),
    name: 'Leadership Excellence Programme',
    description: null,
    intro_content: null,
    starts_at: null,
    modules: [],
    ...overrides,
  };
}

export function createGoal(overrides: Partial<TOrganizationalGoal> = {}): TOrganizationalGoal {
  return { id: crypto.randomUUID(), title: 'Grow revenue', description: null, sequence_order: 0, ...overrides };
}
