import { useMutation, useQueryClient } from '@tanstack/react-query';
import { familyKeys, type FamilyRegistrationAnswer } from './family-keys';

/**
 * A change made from the family's page: `send` makes the request, and the parts of the page's data
 * that `merge` picks from the server's answer replace what the page shows, without a refetch.
 */
export function useFamilyChange<Input, Answer>(
  send: (input: Input) => Promise<Answer>,
  merge: (answer: Answer) => Partial<FamilyRegistrationAnswer>,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: (answer) => {
      queryClient.setQueryData<FamilyRegistrationAnswer>(familyKeys.registration(), (data) => (data ? { ...data, ...merge(answer) } : data));
    },
  });
}
