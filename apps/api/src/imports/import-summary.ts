import type { PeopleImportSummary } from './import-people.ts';
import type { ProgrammeImportSummary } from './import-programme.ts';
import { addCounts, noCounts, type EntityCounts } from './upsert.ts';

// One-line summaries for the CLI: what the file holds, then what the import did with it.

const total = (c: EntityCounts) => c.created + c.updated + c.unchanged;
const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

function outcome(all: EntityCounts[]) {
  const sum = all.reduce(addCounts, noCounts());
  return `${sum.created} created, ${sum.updated} updated, ${sum.unchanged} unchanged`;
}

export function describeProgrammeImport(s: ProgrammeImportSummary): string {
  const held = [
    plural(total(s.modules), 'module'),
    plural(total(s.behaviours), 'behaviour'),
    plural(total(s.habits), 'habit'),
    plural(total(s.positiveChanges), 'positive change'),
  ].join(', ');
  const removed = s.modules.removed > 0 ? `, ${plural(s.modules.removed, 'module')} removed` : '';
  const rows = [s.organisation, s.programme, s.modules, s.behaviours, s.habits, s.positiveChanges];
  return `Programme ${s.programmeSlug} (${s.organisationSlug}): ${held}; ${outcome(rows)}${removed}.`;
}

export function describePeopleImport(s: PeopleImportSummary): string {
  const held = [
    plural(total(s.teams), 'team'),
    plural(total(s.users), 'user'),
    plural(total(s.teamManagers), 'team manager link'),
    plural(total(s.cohorts), 'cohort'),
    plural(total(s.cohortMembers), 'cohort member'),
  ].join(', ');
  const rows = [s.organisation, s.teams, s.users, s.teamManagers, s.cohorts, s.cohortMembers];
  return `Organisation ${s.organisationSlug}: ${held}; ${outcome(rows)}.`;
}
