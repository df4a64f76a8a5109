import { useMutation } from '@tanstack/react-query';
import type { InferResponseType } from 'hono/client';
import type { FindRegistrationInput } from '@domain/family-lookup';
import { api, readResponse } from '@/lib/api-client';

type FindAnswer = InferResponseType<typeof api.family.find.$post, 202>;

/** "Find my registration": the answer is the same whether or not the details match (docs/api.md). */
export async function findRegistration(input: FindRegistrationInput): Promise<FindAnswer> {
  return readResponse(await api.family.find.$post({ json: input }));
}

export function useFindRegistration() {
  return useMutation({ mutationFn: (input: FindRegistrationInput) => findRegistration(input) });
}
