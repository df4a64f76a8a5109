import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';
import { adminKeys } from './query-keys';

type Counts = { registrations: number; registrationsWithEmail: number; judgeApplications: number; contactMessages: number };

/** GET /api/retention (server/retention/retention-job.ts, RetentionStatus). */
export type RetentionStatus = {
  seasonYear: number;
  retentionDate: string;
  noticeAt: string;
  eraseAt: string;
  pending: Counts;
  noticeSentAt: string | null;
  erasedAt: string | null;
  erased: Counts | null;
};

export const retentionQueryOptions = () =>
  queryOptions({ queryKey: adminKeys.retention(), queryFn: ({ signal }) => apiFetch<RetentionStatus>('/api/retention', { signal }) });

export function useRetention() {
  return useQuery(retentionQueryOptions());
}
