import { infiniteQueryOptions } from '@tanstack/react-query';
import type { ClientResponse } from 'hono/client';
import { api, readResponse, type OkBody } from '@/lib/api-client';
import { adminKeys, type AdminListResource } from './query-keys';

type Query = Record<string, string>;
type Init = { init: RequestInit };

/** The simple admin lists (judges, contact, newsletter, audit), each through the typed client. */
const LISTS = {
  judges: (query: Query, options: Init) => api.judges.$get({ query }, options),
  contact: (query: Query, options: Init) => api.contact.$get({ query }, options),
  newsletter: (query: Query, options: Init) => api.newsletter.$get({ query }, options),
  audit: (query: Query, options: Init) => api.audit.$get({ query }, options),
} satisfies Record<AdminListResource, unknown>;

/** One page of a list, as the server types it (server/routes/<resource>). */
type PageOf<R extends AdminListResource> = OkBody<Awaited<ReturnType<(typeof LISTS)[R]>>>;
type ItemOf<R extends AdminListResource> = PageOf<R>['items'][number];
export type JudgeApplication = ItemOf<'judges'>;
export type ContactMessage = ItemOf<'contact'>;
export type NewsletterSubscriber = ItemOf<'newsletter'>;
export type AuditEntry = ItemOf<'audit'>;

export type AdminListItem = { [R in AdminListResource]: ItemOf<R> };

/** The page every list answers, read for any of them (each list's own type is inferred above). */
type ListPage<R extends AdminListResource> = { items: AdminListItem[R][]; nextCursor: PageOf<R>['nextCursor'] };
type ListRequest<R extends AdminListResource> = (query: Query, options: Init) => Promise<ClientResponse<ListPage<R>, 200, 'json'>>;

/** The simple admin lists (judges, contact, newsletter, audit): newest first, keyset pages. */
export const adminListQueryOptions = <R extends AdminListResource>(resource: R, params = '') =>
  infiniteQueryOptions({
    queryKey: [...adminKeys.list(resource), params],
    queryFn: ({ pageParam, signal }) => {
      const query = new URLSearchParams(params);
      if (pageParam) query.set('cursor', pageParam);
      // The lists differ only in their items: TypeScript cannot tie LISTS[resource] to R by itself.
      const list = LISTS[resource] as ListRequest<R>;
      return readResponse(list(Object.fromEntries(query), { init: { signal } }));
    },
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });

export function markContactHandled(id: string, handled: boolean) {
  // A route that reads its JSON without a validator types no `json` input: the body goes in a variable.
  const request = { param: { id }, json: { handled } };
  return readResponse(api.contact[':id'].$patch(request));
}
