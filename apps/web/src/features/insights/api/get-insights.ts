import { ZInsights, type TInsightPeriod } from '@habitrack/contracts/insights/get-insights';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { getJson } from '../../../lib/http.ts';

export function getInsights(period: TInsightPeriod) {
  return getJson(`/api/v1/insights?period=${period}`, ZInsights);
}

export function useInsights(period: TInsightPeriod) {
  return useQuery({
    queryKey: ['insights', period],
    queryFn: () => getInsights(period),
    placeholderData: keepPreviousData,
  });
}
