import type { InferResponseType } from 'hono/client';
import { api, readResponse } from '@/lib/api-client';
import { bearer } from './family-keys';
import { useFamilyChange } from './use-family-change';

type ErasureAnswer = InferResponseType<(typeof api.family.registration)['erasure-request']['$post'], 201>;

/** Asks the organisers to erase the registration's data; they must answer by `dueAt`. */
export async function requestErasure(token: string): Promise<ErasureAnswer> {
  return readResponse(await api.family.registration['erasure-request'].$post(undefined, bearer(token)));
}

export function useRequestErasure(token: string) {
  return useFamilyChange(() => requestErasure(token), ({ erasureRequest }) => ({ erasureRequest }));
}
