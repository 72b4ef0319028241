import { ZListTeamsResponse } from '@habitrack/contracts/admin/teams';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { getJson } from '../../../lib/http.ts';

export type TOption = { value: string; label: string };

// GET /admin/teams: the organisation's teams, by name, as the choices of the team filter and pickers.
export const teamOptionsQueryOptions = queryOptions({
  queryKey: ['admin', 'teams'],
  queryFn: async (): Promise<TOption[]> =>
    (await getJson('/api/v1/admin/teams', ZListTeamsResponse)).map((team) => ({ value: team.id, label: team.name })),
});

export function useTeamOptions() {
  return useQuery(teamOptionsQueryOptions);
}
