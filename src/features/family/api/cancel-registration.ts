import type { InferResponseType } from 'hono/client';
import { api, readResponse } from '@/lib/api-client';
import { bearer } from './family-keys';
import { useFamilyChange } from './use-family-change';

type CancelAnswer = InferResponseType<(typeof api.family.registration.cancel)['$post'], 200>;

/** Tells the organisers the child will not come; the registration stays, marked cancelled by the family. */
export async function cancelRegistration(token: string): Promise<CancelAnswer> {
  return readResponse(await api.family.registration.cancel.$post(undefined, bearer(token)));
}

export function useCancelRegistration(token: string) {
  return useFamilyChange(() => cancelRegistration(token), ({ registration }) => ({ registration }));
}
