import type { InferResponseType } from 'hono/client';
import { useMutation } from '@tanstack/react-query';
import { api, readResponse } from '@/lib/api-client';
import { bearer } from './family-keys';

type TurnOffAnswer = InferResponseType<(typeof api.family.registration.links)['turn-off-others']['$post'], 200>;

/** "Turn off every older link": every link of the registration but this one stops working; answers how many did. */
export async function turnOffOlderLinks(token: string): Promise<TurnOffAnswer> {
  return readResponse(await api.family.registration.links['turn-off-others'].$post(undefined, bearer(token)));
}

/** Nothing on the page changes but the count shown, so no cached data is touched. */
export function useTurnOffOlderLinks(token: string) {
  return useMutation({ mutationFn: () => turnOffOlderLinks(token) });
}
