import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, readResponse } from '@/lib/api-client';
import { adminKeys } from './query-keys';

/** GET /api/judges/panel: approved judges, how many can judge each contest, and the expertise that has judges. */
export function useJudgePanel() {
  return useQuery(
    queryOptions({
      queryKey: adminKeys.judgePanel(),
      queryFn: ({ signal }) => readResponse(api.judges.panel.$get(undefined, { init: { signal } })),
    }),
  );
}
