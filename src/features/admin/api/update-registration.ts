import { useMutation, useQueryClient, type InfiniteData, type QueryClient } from '@tanstack/react-query';
import type { RegistrationUpdateInput } from '@domain/registration';
import type { FieldErrors } from '@domain/validation';
import type { InferResponseType } from 'hono/client';
import { api, ApiRequestError, readResponse } from '@/lib/api-client';
import type { AdminRegistration, RegistrationPage } from './get-registrations';
import type { MutationConfig } from './mutation-config';
import { adminKeys } from './query-keys';

/**
 * An admin's inline edit. The body is checked by the shared `registrationUpdateSchema`
 * (domain/registration.ts): by the edit row before sending, and by the server again.
 */
export type UpdateRegistrationVariables = { row: AdminRegistration; input: RegistrationUpdateInput };
type UpdateAnswer = InferResponseType<(typeof api.registrations)[':id']['$put'], 200>;

export function updateRegistration(id: string, input: RegistrationUpdateInput): Promise<UpdateAnswer> {
  // The route reads its JSON without a validator, so the client types no `json` input: the body goes in a variable.
  const request = { param: { id }, json: input };
  return readResponse(api.registrations[':id'].$put(request));
}

/** Puts the server's copy of a row into every loaded view that shows it. */
export function replaceRegistrationInLists(queryClient: QueryClient, registration: AdminRegistration): void {
  queryClient.setQueriesData<InfiniteData<RegistrationPage, string | null>>({ queryKey: adminKeys.registrationLists() }, (data) =>
    data
      ? {
          ...data,
          pages: data.pages.map((page) => ({
            ...page,
            items: page.items.map((item) => (item.id === registration.id ? registration : item)),
          })),
        }
      : data,
  );
}

/** Saves an edit; the saved row replaces the old one in every loaded view, and the city filter reloads. */
export function useUpdateRegistration({ mutationConfig }: { mutationConfig?: MutationConfig<UpdateAnswer, UpdateRegistrationVariables> } = {}) {
  const queryClient = useQueryClient();
  const { onSuccess, ...config } = mutationConfig ?? {};
  return useMutation({
    ...config,
    mutationFn: ({ row, input }: UpdateRegistrationVariables) => updateRegistration(row.id, input),
    onSuccess: (answer, ...rest) => {
      replaceRegistrationInLists(queryClient, answer.registration);
      void queryClient.invalidateQueries({ queryKey: adminKeys.cities() });
      return onSuccess?.(answer, ...rest);
    },
  });
}

/** Why an edit was refused, in the terms the page acts on. */
export type UpdateFailure =
  /** Someone else saved first (409): their copy, to load and edit again. */
  | { kind: 'conflict'; current: AdminRegistration }
  /** The row is gone (404), most likely deleted by someone else. */
  | { kind: 'gone' }
  /** The server's field messages (422). */
  | { kind: 'invalid'; fields: FieldErrors }
  | { kind: 'failed' };

export function updateFailure(error: unknown, row: AdminRegistration): UpdateFailure {
  if (!(error instanceof ApiRequestError)) return { kind: 'failed' };
  const current = error.body?.error.current;
  if (error.status === 409 && isRegistration(current)) return { kind: 'conflict', current: { ...row, ...current } };
  if (error.status === 404) return { kind: 'gone' };
  if (error.status === 422) return { kind: 'invalid', fields: error.fields };
  return { kind: 'failed' };
}

function isRegistration(value: unknown): value is AdminRegistration {
  return !!value && typeof value === 'object' && 'id' in value && 'version' in value;
}
