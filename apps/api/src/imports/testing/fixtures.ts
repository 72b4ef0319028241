import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import type { DbOrTx } from '../../db/client.ts';
import { createOrganisation, createProgramme } from '../../test/factories.ts';
import { ImportError } from '../import-error.ts';

// Shared by the import tests: small, complete files whose line numbers the tests rely on.

export const uniqueSlug = (prefix: string) => `${prefix}-${randomUUID().slice(0, 8)}`;

// Line numbers matter to some tests: keep the layout stable.
export function programmeYaml(orgSlug: string, extra: { intro?: string; modules?: string[] } = {}) {
  const intro = extra.intro ?? '<p>Welcome</p>';
  const moduleLines = (extra.modules ?? ['Module 1: Effective Communication', 'Module 2: Trust']).map(
    (m) => `    - '${m}'`,
  );
  return [
    'version: 1',
    `organisation: { slug: ${orgSlug}, name: Test Org }`,
    'programme:',
    '  slug: lep',
    '  name: Leadership Excellence Programme',
    '  description: Small daily habits.',
    `  intro_content: '${intro}'`,
    '  starts_at: 2027-03-01T09:00:00Z',
    '  modules:',
    ...moduleLines,
    'behaviours:',
    '  - name: Active Listening',
    '    description: Give full attention.',
    '    habits:',
    '      - name: Device-Free Conversations',
    '        description: One conversation a day without screens.',
    '        instructions: Put the phone away.',
    '        difficulty: easy',
    '        estimated_time_minutes: 15',
    '        tips: [Say why, Start with one-to-ones]',
    '        positive_changes:',
    '          - { name: Deeper conversations, category: Relationships }',
    '          - { name: Fewer misunderstandings, description: Catch details, category: Communication }',
    '      - name: Reflect Before Responding',
    '        difficulty: medium',
    '        estimated_time_minutes: 10',
    '        default_duration_days: 30',
    '  - name: Recognising Others',
    '    habits:',
    '      - name: Specific Thanks',
    '        difficulty: hard',
    '        estimated_time_minutes: 5',
    '',
  ].join('\n');
}

// Line numbers matter to some tests: keep the layout stable.
export function peopleYaml(o: { orgSlug: string; domain: string; programme?: string }) {
  const d = o.domain;
  return [
    'organisation:',
    `  slug: ${o.orgSlug}`,
    '  name: Globex',
    `  email_domains: [${d}]`,
    '  azure_tenant_ids: [8F6D2C8E-0C1E-4E53-9A31-3F2F0C2F7A11]',
    'teams:',
    '  - { name: Engineering, type: department }',
    '  - { name: Sales }',
    'users:',
    `  - email: Lead@${d}`,
    '    full_name: Lee Lead',
    '    role: leader',
    '    time_zone: Europe/London',
    `  - email: tl@${d}`,
    '    full_name: Tara Teamlead',
    '    job_title: Head of Engineering',
    '    role: team_leader',
    '    time_zone: america/new_york',
    '    manages: [Engineering, sales]',
    `  - email: m1@${d}`,
    '    full_name: Max Member',
    'cohorts:',
    '  - name: Cohort One',
    `    programme: ${o.programme ?? 'lep'}`,
    `    members: [lead@${d}, m1@${d}]`,
    '',
  ].join('\n');
}

// An organisation with a programme `lep`, and a fresh e-mail domain for its people.
export async function setupOrganisation(db: DbOrTx) {
  const org = await createOrganisation(db, { slug: uniqueSlug('globex') });
  await createProgramme(db, { organisationId: org.id, slug: 'lep' });
  return { org, orgSlug: org.slug, domain: `${randomUUID().slice(0, 8)}.example` };
}

export async function rejection(promise: Promise<unknown>): Promise<ImportError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ImportError);
  return error as ImportError;
}
