import { and, eq, inArray } from 'drizzle-orm';
import type { Tx } from '../db/client.ts';
import { cohortMembers, cohorts, organisations, teamManagers, teams, users } from '../db/schema/index.ts';

// The people of the demo beyond its named accounts (README "Demo accounts", seed/people.yaml): enough
// members per team that the insights show figures (5 or more per group), and People Operations kept
// small (3 members) so the leader also sees a figure suppressed to protect its members.
export type DemoPerson = {
  email: string;
  name: string;
  jobTitle: string;
  team: string;
  timeZone: string;
  role: 'member' | 'team_leader';
};

const person = (name: string, jobTitle: string, team: string, timeZone = 'Europe/London'): DemoPerson => ({
  email: `${name.toLowerCase().replace(/[^a-z]+/g, '.')}@acme.example`,
  name,
  jobTitle,
  team,
  timeZone,
  role: 'member',
});

export const DEMO_SMALL_TEAM = 'People Operations';

export const DEMO_EXTRA_PEOPLE: readonly DemoPerson[] = [
  person('Oliver Bennett', 'Software Engineer', 'Engineering'),
  person('Diego Alvarez', 'Site Reliability Engineer', 'Engineering', 'Europe/Madrid'),
  person('Jonas Weber', 'Backend Engineer', 'Engineering', 'Europe/Berlin'),
  person('Chloe Dubois', 'Customer Success Manager', 'Customer Success', 'Europe/Paris'),
  person('Ravi Iyer', 'Support Specialist', 'Customer Success'),
  person('Grace Murphy', 'Onboarding Specialist', 'Customer Success', 'Europe/Dublin'),
  person('Samuel Osei', 'Support Engineer', 'Customer Success'),
  person('Ingrid Larsen', 'Customer Success Lead', 'Customer Success', 'Europe/Oslo'),
  person('Ben Carter', 'Account Executive', 'Sales'),
  person('Zara Ahmed', 'Sales Manager', 'Sales'),
  person('Luca Romano', 'Account Executive', 'Sales', 'Europe/Rome'),
  person('Emily Clarke', 'Sales Operations Analyst', 'Sales'),
  person('Owen Price', 'Recruiter', DEMO_SMALL_TEAM),
  person('Sofia Costa', 'Learning and Development Partner', DEMO_SMALL_TEAM, 'Europe/Lisbon'),
  // People Operations' team leader: the owner of the small department.
  { ...person('Nadia Rahman', 'Head of People Operations', DEMO_SMALL_TEAM), role: 'team_leader' },
];

// The team of each named account (people.yaml lists no team members, only the teams' managers).
export const DEMO_ACCOUNT_TEAMS: Readonly<Record<string, string>> = {
  'priya.sharma@acme.example': 'Engineering',
  'hannah.berg@acme.example': 'Engineering',
  'mei.tanaka@acme.example': 'Engineering',
  'fatima.haddad@acme.example': 'Engineering',
  'lucas.martin@acme.example': 'Customer Success',
  'tom.gallagher@acme.example': 'Sales',
  'sam.patel@acme.example': 'Sales',
  'aisha.okoye@acme.example': DEMO_SMALL_TEAM,
};

// Adds the extra people to the organisation and the cohort, and puts everyone in their team. A
// team leader manages their team rather than belonging to it, like Marcus Chen.
export async function addDemoPeople(tx: Tx, options: { organisationSlug: string; cohortName: string }) {
  const [organisation] = await tx
    .select({ id: organisations.id })
    .from(organisations)
    .where(eq(organisations.slug, options.organisationSlug));
  if (!organisation) throw new Error(`demo organisation ${options.organisationSlug} is missing`);
  const [cohort] = await tx
    .select({ id: cohorts.id })
    .from(cohorts)
    .where(and(eq(cohorts.organisationId, organisation.id), eq(cohorts.name, options.cohortName)));
  if (!cohort) throw new Error(`demo cohort ${options.cohortName} is missing`);
  const teamRows = await tx
    .select({ id: teams.id, name: teams.name })
    .from(teams)
    .where(eq(teams.organisationId, organisation.id));
  const teamId = (name: string) => {
    const found = teamRows.find((team) => team.name === name);
    if (!found) throw new Error(`demo team ${name} is missing`);
    return found.id;
  };

  const added = await tx
    .insert(users)
    .values(
      DEMO_EXTRA_PEOPLE.map((p) => ({
        organisationId: organisation.id,
        email: p.email,
        fullName: p.name,
        jobTitle: p.jobTitle,
        role: p.role,
        timeZone: p.timeZone,
        teamId: p.role === 'member' ? teamId(p.team) : null,
      })),
    )
    .returning({ id: users.id, email: users.email });
  await tx.insert(cohortMembers).values(added.map((u) => ({ cohortId: cohort.id, userId: u.id })));
  for (const p of DEMO_EXTRA_PEOPLE.filter((candidate) => candidate.role === 'team_leader')) {
    const id = added.find((u) => u.email === p.email)!.id;
    await tx.insert(teamManagers).values({ teamId: teamId(p.team), userId: id });
  }
  for (const team of new Set(Object.values(DEMO_ACCOUNT_TEAMS))) {
    const emails = Object.keys(DEMO_ACCOUNT_TEAMS).filter((email) => DEMO_ACCOUNT_TEAMS[email] === team);
    await tx
      .update(users)
      .set({ teamId: teamId(team) })
      .where(and(eq(users.organisationId, organisation.id), inArray(users.email, emails)));
  }
  return { extraEmails: new Set(added.map((u) => u.email)), teamId };
}
