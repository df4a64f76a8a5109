import { infiniteQueryOptions } from '@tanstack/react-query';
import type { InferResponseType } from 'hono/client';
import { apiFetch, type api } from '@/lib/api-client';
import { adminKeys, type AdminListResource } from './query-keys';

/** The items of the simple admin lists, as the server types them (server/routes/<resource>). */
type ItemOf<T extends { items: unknown[] }> = T['items'][number];
export type JudgeApplication = ItemOf<InferResponseType<typeof api.judges.$get, 200>>;
export type ContactMessage = ItemOf<InferResponseType<typeof api.contact.$get, 200>>;
export type NewsletterSubscriber = ItemOf<InferResponseType<typeof api.newsletter.$get, 200>>;
export type AuditEntry = ItemOf<InferResponseType<typeof api.audit.$get, 200>>;

export type AdminListItem = {
  judges: JudgeApplication;
  contact: ContactMessage;
  newsletter: NewsletterSubscriber;
  audit: AuditEntry;
};

type ListPage<T> = { items: T[]; nextCursor: string | null };
type MarkHandledAnswer = InferResponseType<(typeof api.contact)[':id']['$patch'], 200>;

/** The simple admin lists (judges, contact, newsletter, audit): newest first, keyset pages. */
export const adminListQueryOptions = <R extends AdminListResource>(resource: R, params = '') =>
  infiniteQueryOptions({
    queryKey: [...adminKeys.list(resource), params],
    queryFn: ({ pageParam, signal }) => {
      const query = new URLSearchParams(params);
      if (pageParam) query.set('cursor', pageParam);
      const text = query.toString();
      return apiFetch<ListPage<AdminListItem[R]>>(`/api/${resource}${text ? `?${text}` : ''}`, { signal });
    },
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });

export function markContactHandled(id: string, handled: boolean): Promise<MarkHandledAnswer> {
  return apiFetch<MarkHandledAnswer>(`/api/contact/${encodeURIComponent(id)}`, {
    method: 'PATCH',
    body: JSON.stringify({ handled }),
  });
}
