import { useMutation, useQueryClient, type InfiniteData, type QueryClient } from '@tanstack/react-query';
import type { InferResponseType } from 'hono/client';
import { api, readResponse } from '@/lib/api-client';
import type { AdminRegistration, RegistrationPage } from './get-registrations';
import type { MutationConfig } from './mutation-config';
import { adminKeys } from './query-keys';

/** The row's fade-out (`.admin-row` in admin.css): a deleted row leaves the list only once it has faded. */
const DELETE_FADE_MS = 300;

type DeleteAnswer = InferResponseType<(typeof api.registrations)[':id']['$delete'], 200>;

/** A soft delete: the row can be restored (restore-registration.ts). */
export function deleteRegistration(id: string): Promise<DeleteAnswer> {
  return readResponse(api.registrations[':id'].$delete({ param: { id } }));
}

/** Takes a deleted row out of every loaded view and keeps the counters in step. */
export function removeRegistrationFromLists(queryClient: QueryClient, id: string): void {
  queryClient.setQueriesData<InfiniteData<RegistrationPage, string | null>>({ queryKey: adminKeys.registrationLists() }, (data) => {
    if (!data) return data;
    const present = data.pages.some((page) => page.items.some((item) => item.id === id));
    return {
      ...data,
      pages: data.pages.map((page) => ({
        ...page,
        items: page.items.filter((item) => item.id !== id),
        total: Math.max(0, page.total - 1),
        filtered: present ? Math.max(0, page.filtered - 1) : page.filtered,
      })),
    };
  });
}

/** Deletes a row; once the server agrees and the row has faded, it leaves every loaded view. */
export function useDeleteRegistration({ mutationConfig }: { mutationConfig?: MutationConfig<DeleteAnswer, AdminRegistration> } = {}) {
  const queryClient = useQueryClient();
  const { onSuccess, ...config } = mutationConfig ?? {};
  return useMutation({
    ...config,
    mutationFn: async (row: AdminRegistration) => {
      const fade = new Promise((resolve) => setTimeout(resolve, DELETE_FADE_MS));
      const answer = await deleteRegistration(row.id);
      await fade;
      return answer;
    },
    onSuccess: (answer, row, ...rest) => {
      removeRegistrationFromLists(queryClient, row.id);
      return onSuccess?.(answer, row, ...rest);
    },
  });
}
