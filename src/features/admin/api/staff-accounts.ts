import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';
import { adminKeys } from './query-keys';

export type StaffAccount = { username: string; role: 'admin' | 'staff'; disabled: boolean; createdAt: string };

export const staffAccountsOptions = () =>
  queryOptions({ queryKey: adminKeys.staff(), queryFn: () => apiFetch<{ items: StaffAccount[] }>('/api/staff') });

type Change =
  | { kind: 'create'; username: string; password: string }
  | { kind: 'disable' | 'enable'; username: string }
  | { kind: 'password'; username: string; password: string };

function send(change: Change): Promise<unknown> {
  if (change.kind === 'create') {
    return apiFetch('/api/staff', { method: 'POST', body: JSON.stringify({ username: change.username, password: change.password }) });
  }
  const path = `/api/staff/${encodeURIComponent(change.username)}/${change.kind}`;
  return apiFetch(path, { method: 'POST', ...(change.kind === 'password' ? { body: JSON.stringify({ password: change.password }) } : {}) });
}

/** Creates, disables, enables or resets a staff account; the list reloads after each. */
export function useChangeStaffAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: adminKeys.staff() }),
  });
}
