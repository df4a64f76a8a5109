import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { InferResponseType } from 'hono/client';
import type { CategorySlug } from '@domain/categories';
import { api, apiHref, readResponse } from '@/lib/api-client';
import { adminKeys } from './query-keys';

/** Certificates (issue 25): the admin's list, issuing, revoking and re-issuing. */
export type CertificateList = InferResponseType<typeof api.certificates.$get, 200>;
export type AdminCertificate = CertificateList['rows'][number];
export type CertificateFilter = { category?: CategorySlug | undefined; sessionId?: string | undefined; q?: string | undefined };

const queryOf = (filter: CertificateFilter) => ({
  levelId: 'level1' as const,
  ...(filter.category ? { category: filter.category } : {}),
  ...(filter.sessionId ? { sessionId: filter.sessionId } : {}),
  ...(filter.q ? { q: filter.q } : {}),
});

export const certificatesQueryOptions = (filter: CertificateFilter) =>
  queryOptions({
    queryKey: adminKeys.certificateList(filter),
    queryFn: async () => readResponse(api.certificates.$get({ query: queryOf(filter) })),
    placeholderData: keepPreviousData,
  });

export function useCertificates(filter: CertificateFilter) {
  return useQuery(certificatesQueryOptions(filter));
}

/** A certificate's PDF (the admin's session cookie goes with a plain link). */
export const certificatePdfHref = (id: string) => apiHref(`/certificates/${id}/pdf`);

/** Every live certificate of a contest or a venue session, as one PDF for printing. */
export const printHref = (filter: { category?: string | undefined; sessionId?: string | undefined }) =>
  apiHref(`/certificates/print?${new URLSearchParams(filter.category ? { category: filter.category } : { sessionId: filter.sessionId ?? '' }).toString()}`);

function useCertificateMutation<I, O>(mutationFn: (input: I) => Promise<O>) {
  const client = useQueryClient();
  return useMutation({ mutationFn, onSuccess: () => void client.invalidateQueries({ queryKey: adminKeys.certificates() }) });
}

export function useIssueCertificates() {
  return useCertificateMutation(async () => readResponse(api.certificates.issue.$post({ json: { levelId: 'level1' } })));
}

export function useRevokeCertificate() {
  return useCertificateMutation(async ({ id, reason }: { id: string; reason: string }) =>
    readResponse(api.certificates[':id'].revoke.$post({ param: { id }, json: { reason } })),
  );
}

export function useReissueCertificate() {
  return useCertificateMutation(async (id: string) => readResponse(api.certificates[':id'].reissue.$post({ param: { id } })));
}
