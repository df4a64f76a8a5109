import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CategorySlug } from '@domain/categories';
import { apiFetch } from '@/lib/api-client';
import { adminKeys } from './query-keys';

/** GET /api/judges/panel: approved judges, and how many can judge each contest. */
export type JudgePanel = {
  judges: { id: string; name: string; expertise: string; experience: number }[];
  categories: { category: CategorySlug; expertise: string[]; judges: number }[];
};

export function useJudgePanel() {
  return useQuery(queryOptions({ queryKey: adminKeys.judgePanel(), queryFn: ({ signal }) => apiFetch<JudgePanel>('/api/judges/panel', { signal }) }));
}
