import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { JudgeReview } from '@domain/judge-review';
import { apiFetch } from '@/lib/api-client';
import type { JudgeApplication } from './get-admin-list';
import { adminKeys } from './query-keys';

/** PATCH /api/judges/:id: a new status and/or internal note; approving or rejecting queues the applicant's email. */
export function reviewJudgeApplication(id: string, review: JudgeReview) {
  return apiFetch<{ application: JudgeApplication }>(`/api/judges/${encodeURIComponent(id)}`, {
    method: 'PATCH',
    body: JSON.stringify(review),
  });
}

export function useReviewJudgeApplication() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, review }: { id: string; review: JudgeReview }) => reviewJudgeApplication(id, review),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: adminKeys.list('judges') });
      void queryClient.invalidateQueries({ queryKey: adminKeys.judgePanel() });
    },
  });
}
