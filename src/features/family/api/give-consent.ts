import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { InferResponseType } from 'hono/client';
import type { FamilyConsentInput } from '@domain/consent';
import { api, readResponse } from '@/lib/api-client';
import { bearer, familyKeys, type FamilyRegistrationAnswer } from './family-keys';

type ConsentAnswer = InferResponseType<(typeof api.family.registration.consent)['$post'], 201>;

/** Consent to the current privacy notice, from the family's page (`familyConsentSchema`, domain/consent.ts). */
export async function giveConsent(token: string, input: FamilyConsentInput): Promise<ConsentAnswer> {
  return readResponse(await api.family.registration.consent.$post({ json: input }, bearer(token)));
}

export function useGiveConsent(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: FamilyConsentInput) => giveConsent(token, input),
    onSuccess: ({ consent, consentNeeded }) => {
      queryClient.setQueryData<FamilyRegistrationAnswer>(familyKeys.registration(), (data) =>
        data ? { ...data, consent, consentNeeded } : data,
      );
    },
  });
}
