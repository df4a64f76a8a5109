import type { UseMutationOptions } from '@tanstack/react-query';

/** What a caller may add to one of the mutation hooks in this folder: everything but the request. */
export type MutationConfig<TData, TVariables> = Omit<UseMutationOptions<TData, Error, TVariables>, 'mutationFn'>;
