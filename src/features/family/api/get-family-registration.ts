import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, readResponse } from '@/lib/api-client';
import { takeEarlyRegistration } from './early-registration';
import { bearer, familyKeys, type FamilyRegistrationAnswer } from './family-keys';

/**
 * The registration behind a private link, its QR code, consent, cut-off and erasure state. The
 * first time, the answer the app shell's script asked for as the page opened (early-registration.ts:
 * the same request, by the typed client's path).
 */
export async function getFamilyRegistration(token: string): Promise<FamilyRegistrationAnswer> {
  const early = takeEarlyRegistration(token) as ReturnType<typeof api.family.registration.$get> | null;
  return readResponse(await (early ?? api.family.registration.$get(undefined, bearer(token))));
}

export const familyRegistrationQueryOptions = (token: string) =>
  queryOptions({
    queryKey: familyKeys.registration(),
    queryFn: () => getFamilyRegistration(token),
    // Nothing here is worth a second look at a bad link: 401/404/410 answer at once.
    staleTime: 60_000,
  });

export function useFamilyRegistration(token: string) {
  return useQuery(familyRegistrationQueryOptions(token));
}
