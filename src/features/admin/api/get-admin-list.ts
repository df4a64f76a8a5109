import { infiniteQueryOptions } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';
import { adminKeys, type AdminListResource } from './query-keys';

export type ListPage<T> = { items: T[]; nextCursor: string | null };

export type JudgeApplication = {
  id: string;
  name: string;
  email: string | null;
  status: 'new' | 'shortlisted' | 'approved' | 'rejected';
  note: string | null;
  statusChangedAt: string | null;
  decisionEmail: { status: string; sentTo: string | null; lastError: string | null } | null;
  expertise: string;
  experience: number;
  bio: string;
  hasPhoto: boolean;
  createdAt: string;
};

export type ContactMessage = {
  id: string;
  name: string;
  email: string;
  phone: string;
  subject: string;
  message: string;
  contactMethod: string;
  handledAt: string | null;
  handledBy: string | null;
  createdAt: string;
};

export type NewsletterSubscriber = { id: string; email: string; createdAt: string };

export type AuditEntry = {
  id: string;
  /** 'read': an admin was shown or exported personal data. */
  kind: 'change' | 'read';
  adminUsername: string | null;
  action: string;
  entityType: string | null;
  entityId: string | null;
  ip: string | null;
  userAgent: string | null;
  changes: unknown;
  createdAt: string;
};

export type AdminListItem = {
  judges: JudgeApplication;
  contact: ContactMessage;
  newsletter: NewsletterSubscriber;
  audit: AuditEntry;
};

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

export function markContactHandled(id: string, handled: boolean): Promise<{ message: ContactMessage }> {
  return apiFetch<{ message: ContactMessage }>(`/api/contact/${encodeURIComponent(id)}`, {
    method: 'PATCH',
    body: JSON.stringify({ handled }),
  });
}
