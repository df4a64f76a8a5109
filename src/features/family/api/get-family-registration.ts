import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, readResponse } from '@/lib/api-client';
import { bearer, familyKeys, type FamilyRegistrationAnswer } from './family-keys';

/** The registration behind a private link, its QR code, consent, cut-off and erasure state. */
export async function getFamilyRegistration(token: string): Promise<FamilyRegistrationAnswer> {
  return readResponse(await api.family.registration.$get(undefined, bearer(token)));
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
