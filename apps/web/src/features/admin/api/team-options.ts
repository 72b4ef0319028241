import type { TAdminPerson } from '@habitrack/contracts/admin/people';
import { PEOPLE_PAGE_SIZE_MAX } from '@habitrack/contracts/admin/people';
import { useQuery } from '@tanstack/react-query';
import { listPeople } from './list-people.ts';

export type TOption = { value: string; label: string };

// The console's API has no list of teams (teams come from the people file and SCIM): the teams are
// gathered from the people, up to MAX_PAGES pages of them. An organisation larger than that may
// not see every team here until the API lists teams.
const MAX_PAGES = 10;

export function teamsOf(people: TAdminPerson[]): TOption[] {
  const teams = new Map<string, string>();
  for (const person of people) if (person.team) teams.set(person.team.id, person.team.name);
  return [...teams].map(([value, label]) => ({ value, label })).sort((a, b) => a.label.localeCompare(b.label));
}

export function useTeamOptions() {
  return useQuery({
    queryKey: ['admin', 'people', 'teams'],
    queryFn: async () => {
      const people: TAdminPerson[] = [];
      for (let page = 1; page <= MAX_PAGES; page += 1) {
        const answer = await listPeople({ page, page_size: PEOPLE_PAGE_SIZE_MAX });
        people.push(...answer.items);
        if (page * answer.page_size >= answer.total) break;
      }
      return teamsOf(people);
    },
    staleTime: 60_000,
  });
}
