import { useMutation } from '@tanstack/react-query';
import { api, ApiRequestError, readResponse } from '@/lib/api-client';
import { saveFile } from '@/lib/save-file';
import { bearer } from './family-keys';

/** One certificate's PDF (issue 25): fetched with the family's token (a header, so not a plain link), then saved. */
export async function downloadCertificate(token: string, id: string): Promise<void> {
  const response = await api.family.certificates[':id'].pdf.$get({ param: { id } }, bearer(token));
  if (!response.ok) {
    await readResponse(response);
    throw new ApiRequestError(response.status, null);
  }
  const blob = await response.blob();
  const name = /filename="([^"]+)"/.exec(response.headers.get('Content-Disposition') ?? '')?.[1] ?? `certificate-${id}.pdf`;
  saveFile(blob, name);
}

export function useDownloadCertificate(token: string) {
  return useMutation({ mutationFn: (id: string) => downloadCertificate(token, id) });
}
