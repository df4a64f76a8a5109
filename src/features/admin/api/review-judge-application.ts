import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { JudgeReview } from '@domain/judge-review';
import { api, readResponse } from '@/lib/api-client';
import { adminKeys } from './query-keys';

/** PATCH /api/judges/:id: a new status and/or internal note; approving or rejecting queues the applicant's email. */
export function reviewJudgeApplication(id: string, review: JudgeReview) {
  // The route reads its JSON without a validator, so the client types no `json` input: the body goes in a variable.
  const request = { param: { id }, json: review };
  return readResponse(api.judges[':id'].$patch(request));
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
