import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api, readResponse } from '@/lib/api-client';
import { adminKeys } from './query-keys';

/** GET /api/panels (issue 45): the panel sessions with their judges and head of venue, and every judge with their sessions. */
export const panelsOptions = () =>
  queryOptions({ queryKey: adminKeys.panels(), queryFn: ({ signal }) => readResponse(api.panels.$get(undefined, { init: { signal } })) });

type Change =
  | { kind: 'add'; sessionId: string; judgeId: string }
  | { kind: 'remove'; sessionId: string; judgeId: string }
  | { kind: 'head'; sessionId: string; username: string | null };

function send(change: Change): Promise<unknown> {
  switch (change.kind) {
    case 'add':
      return readResponse(api.panels[':sessionId'].$post({ param: { sessionId: change.sessionId }, json: { judgeId: change.judgeId } }));
    case 'remove':
      return readResponse(api.panels[':sessionId'][':judgeId'].$delete({ param: { sessionId: change.sessionId, judgeId: change.judgeId } }));
    case 'head':
      return readResponse(api.panels[':sessionId'].head.$put({ param: { sessionId: change.sessionId }, json: { username: change.username } }));
  }
}

/** Adds a judge to a panel, takes one off, or names the head of the venue; the page reloads after each. */
export function useChangePanel() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: send, onSuccess: () => void queryClient.invalidateQueries({ queryKey: adminKeys.panels() }) });
}
