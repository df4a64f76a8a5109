import type { InferResponseType } from 'hono/client';
import type { RegistrationUpdateInput } from '@domain/registration';
import { api, readResponse } from '@/lib/api-client';
import { bearer } from './family-keys';
import { useFamilyChange } from './use-family-change';

type CorrectAnswer = InferResponseType<typeof api.family.registration.$put, 200>;

/**
 * A family's correction: the admin's edit schema (`registrationUpdateSchema`, domain/registration.ts)
 * with the version it was loaded at, so a stale correction gets 409 instead of overwriting.
 */
export async function correctRegistration(token: string, input: RegistrationUpdateInput): Promise<CorrectAnswer> {
  return readResponse(await api.family.registration.$put({ json: input }, bearer(token)));
}

export function useCorrectRegistration(token: string) {
  return useFamilyChange((input: RegistrationUpdateInput) => correctRegistration(token, input), ({ registration }) => ({ registration }));
}
