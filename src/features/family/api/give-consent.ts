import type { InferResponseType } from 'hono/client';
import type { FamilyConsentInput } from '@domain/consent';
import { api, readResponse } from '@/lib/api-client';
import { bearer } from './family-keys';
import { useFamilyChange } from './use-family-change';

type ConsentAnswer = InferResponseType<(typeof api.family.registration.consent)['$post'], 201>;

/** Consent to the current privacy notice, from the family's page (`familyConsentSchema`, domain/consent.ts). */
export async function giveConsent(token: string, input: FamilyConsentInput): Promise<ConsentAnswer> {
  return readResponse(await api.family.registration.consent.$post({ json: input }, bearer(token)));
}

export function useGiveConsent(token: string) {
  return useFamilyChange((input: FamilyConsentInput) => giveConsent(token, input), ({ consent, consentNeeded }) => ({ consent, consentNeeded }));
}
