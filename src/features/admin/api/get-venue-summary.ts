import { queryOptions } from '@tanstack/react-query';
import type { VenueSession } from '@domain/season';
import { apiFetch } from '@/lib/api-client';
import { adminKeys } from './query-keys';

export type VenueSessionSummary = {
  session: VenueSession;
  sessionId: string;
  expected: number;
  checkedIn: number;
  walkIns: number;
  fees: { paid: number; paidRupees: number; waived: number; waivedRupees: number };
  byStaff: { staffUsername: string; deviceId: string; checkIns: number; walkIns: number; feesPaid: number; feesWaived: number }[];
};

export const venueSummaryOptions = () =>
  queryOptions({
    queryKey: adminKeys.venueSummary(),
    queryFn: () => apiFetch<{ sessions: VenueSessionSummary[] }>('/api/venue/summary'),
    refetchInterval: 30_000,
  });
