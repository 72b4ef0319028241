import type { TProgramme } from '@habitrack/contracts/programmes/get-current-programme';

export function createProgramme(overrides: Partial<TProgramme> = {}): TProgramme {
  return {
    id: crypto.randomUUID(),
    name: 'Inclusive Leadership 2025',
    description: null,
    intro_content: null,
    starts_at: '2025-09-01T09:00:00.000Z',
    modules: [{ id: crypto.randomUUID(), name: 'Module 1: Effective Communication', position: 1 }],
    ...overrides,
  };
}
