import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api, readResponse } from '@/lib/api-client';
import { adminKeys } from './query-keys';

export const staffAccountsOptions = () =>
  queryOptions({ queryKey: adminKeys.staff(), queryFn: ({ signal }) => readResponse(api.staff.$get(undefined, { init: { signal } })) });

type Change =
  | { kind: 'create'; username: string; password: string }
  | { kind: 'disable' | 'enable'; username: string }
  | { kind: 'password'; username: string; password: string };

// The staff routes read their JSON without a validator, so the client types no `json` input: bodies go in variables.
function send(change: Change): Promise<unknown> {
  const param = { username: encodeURIComponent(change.username) };
  switch (change.kind) {
    case 'create': {
      const request = { json: { username: change.username, password: change.password } };
      return readResponse(api.staff.$post(request));
    }
    case 'disable':
      return readResponse(api.staff[':username'].disable.$post({ param }));
    case 'enable':
      return readResponse(api.staff[':username'].enable.$post({ param }));
    case 'password': {
      const request = { param, json: { password: change.password } };
      return readResponse(api.staff[':username'].password.$post(request));
    }
  }
}

/** Creates, disables, enables or resets a staff account; the list reloads after each. */
export function useChangeStaffAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: adminKeys.staff() }),
  });
}
