import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import type { AdminRegistration, RegistrationPage } from './get-registrations';
import { adminKeys } from './query-keys';

type Lists = InfiniteData<RegistrationPage, string | null>;

/** Puts the server's copy of a row into every loaded view that shows it. */
export function replaceRegistrationInLists(queryClient: QueryClient, registration: AdminRegistration): void {
  queryClient.setQueriesData<Lists>({ queryKey: adminKeys.registrationLists() }, (data) =>
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

/** Takes a deleted row out of every loaded view and keeps the counters in step. */
export function removeRegistrationFromLists(queryClient: QueryClient, id: string): void {
  queryClient.setQueriesData<Lists>({ queryKey: adminKeys.registrationLists() }, (data) => {
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
