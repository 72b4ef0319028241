import type { TAuditEntry } from '@habitrack/contracts/admin/audit';
import type { TAdminCohort } from '@habitrack/contracts/admin/cohorts';
import type { TAdminHabit, TAdminProgramme } from '@habitrack/contracts/admin/content';
import type { TAdminPerson, TListPeopleResponse } from '@habitrack/contracts/admin/people';
import type { TAdminSettings } from '@habitrack/contracts/admin/settings';
import type { TScimToken } from '@habitrack/contracts/admin/scim-tokens';

let counter = 0;
// A fresh UUID-shaped id per call, so lists never repeat a key.
export function nextId(): string {
  counter += 1;
  return `00000000-0000-4000-8000-${String(counter).padStart(12, '0')}`;
}

export const ENGINEERING = { id: '10000000-0000-4000-8000-000000000001', name: 'Engineering' };
export const SALES = { id: '10000000-0000-4000-8000-000000000002', name: 'Sales' };
export const SPRING = { id: '20000000-0000-4000-8000-000000000001', name: 'Spring 2026' };
export const AUTUMN = { id: '20000000-0000-4000-8000-000000000002', name: 'Autumn 2026' };
export const PROGRAMME = { id: '30000000-0000-4000-8000-000000000001', name: 'Leadership Excellence Programme' };

export function createPerson(overrides: Partial<TAdminPerson> = {}): TAdminPerson {
  return {
    id: nextId(),
    full_name: 'Oliver Bennett',
    email: 'oliver.bennett@acme.example',
    job_title: 'Software Engineer',
    role: 'member',
    is_admin: false,
    team: ENGINEERING,
    cohort: SPRING,
    status: 'active',
    deactivated_at: null,
    erased: false,
    directory_locale: null,
    ...overrides,
  };
}

export function peoplePage(items: TAdminPerson[], overrides: Partial<TListPeopleResponse> = {}): TListPeopleResponse {
  return { items, total: items.length, page: 1, page_size: 25, ...overrides };
}

export function createCohort(overrides: Partial<TAdminCohort> = {}): TAdminCohort {
  return { ...SPRING, programme: PROGRAMME, member_count: 12, is_default: false, ...overrides };
}

export function createSettings(overrides: Partial<TAdminSettings> = {}): TAdminSettings {
  return {
    organisation_id: '40000000-0000-4000-8000-000000000001',
    name: 'Acme Corp',
    azure_tenant_ids: [],
    email_domains: ['acme.example'],
    default_cohort_id: null,
    retention_days: null,
    default_locale: 'en-GB',
    ...overrides,
  };
}

export function createToken(overrides: Partial<TScimToken> = {}): TScimToken {
  return {
    id: nextId(),
    prefix: 'scim_ab12',
    created_at: '2026-11-20T09:00:00.000Z',
    created_by: { id: nextId(), name: 'Eleanor Hughes' },
    last_used_at: null,
    revoked_at: null,
    ...overrides,
  };
}

export function createAuditEntry(overrides: Partial<TAuditEntry> = {}): TAuditEntry {
  return {
    id: nextId(),
    at: '2026-11-27T09:30:00.000Z',
    actor: { kind: 'user', id: nextId(), name: 'Eleanor Hughes' },
    action: 'person.deactivate',
    entity: 'user',
    entity_id: '50000000-0000-4000-8000-000000000001',
    before: { status: 'active' },
    after: { status: 'deactivated' },
    ...overrides,
  };
}

export function createHabit(overrides: Partial<TAdminHabit> = {}): TAdminHabit {
  return {
    id: nextId(),
    behaviour_id: '60000000-0000-4000-8000-000000000001',
    position: 1,
    name: 'Ask one open question',
    description: 'In every one-to-one.',
    instructions: null,
    difficulty: 'easy',
    estimated_time_minutes: 5,
    default_duration_days: 60,
    tips: [],
    retired: false,
    retired_at: null,
    positive_changes: [],
    translations: {},
    ...overrides,
  };
}

export function createProgramme(overrides: Partial<TAdminProgramme> = {}): TAdminProgramme {
  return {
    ...PROGRAMME,
    slug: 'leadership-excellence',
    description: 'Twelve weeks of small leadership habits.',
    intro_content: '<p>Welcome</p>',
    starts_at: null,
    default_locale: 'en-GB',
    translations: {},
    modules: [{ id: nextId(), position: 1, name: 'Listening', translations: {} }],
    behaviours: [
      {
        id: '60000000-0000-4000-8000-000000000001',
        position: 1,
        name: 'Active listening',
        description: null,
        translations: {},
        habits: [createHabit()],
      },
    ],
    ...overrides,
  };
}
