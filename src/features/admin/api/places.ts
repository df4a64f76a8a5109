import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { InferResponseType } from 'hono/client';
import type { LaterLevelId, OfferMove } from '@domain/later-levels';
import { api, readResponse } from '@/lib/api-client';
import { adminKeys } from './query-keys';

/** GET /api/places/:levelId (issue 46): the level's lines pool by pool, with each child's state, session and slot. */
export const placesOptions = (levelId: LaterLevelId) =>
  queryOptions({
    queryKey: adminKeys.places(levelId),
    queryFn: ({ signal }) => readResponse(api.places[':levelId'].$get({ param: { levelId } }, { init: { signal } })),
  });

export type PlacesAnswer = InferResponseType<(typeof api.places)[':levelId']['$get'], 200>;
export type PlacePool = PlacesAnswer['pools'][number];
export type PlaceLine = PlacePool['rows'][number];

type Action = { kind: 'invite'; levelId: LaterLevelId } | { kind: 'deadline' } | ({ kind: 'move' } & OfferMove);

function send(action: Action): Promise<Record<string, number>> {
  switch (action.kind) {
    case 'invite':
      return readResponse(api.places[':levelId'].invitations.$post({ param: { levelId: action.levelId } }));
    case 'deadline':
      return readResponse(api.places.deadline.$post());
    case 'move': {
      const { kind: _kind, ...move } = action;
      return readResponse(api.places.move.$put({ json: move }));
    }
  }
}

/** Sends a level's invitations, runs the deadline's step now, or moves a place; both levels reload after each. */
export function usePlaceAction() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: send, onSuccess: () => void queryClient.invalidateQueries({ queryKey: adminKeys.places() }) });
}
