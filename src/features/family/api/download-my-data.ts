import { useMutation } from '@tanstack/react-query';
import { api, ApiRequestError, readResponse } from '@/lib/api-client';
import { saveFile } from '@/lib/save-file';
import { bearer } from './family-keys';

/**
 * "Download my data": everything stored about the registration, as the server's JSON file. The
 * token is a header, so the browser cannot follow a plain link: the file is fetched, then saved.
 */
export async function downloadMyData(token: string): Promise<void> {
  const response = await api.family.registration.data.$get(undefined, bearer(token));
  if (!response.ok) {
    await readResponse(response);
    throw new ApiRequestError(response.status, null);
  }
  const blob = await response.blob();
  const name = /filename="([^"]+)"/.exec(response.headers.get('Content-Disposition') ?? '')?.[1] ?? 'my-data.json';
  saveFile(blob, name);
}

export function useDownloadMyData(token: string) {
  return useMutation({ mutationFn: () => downloadMyData(token) });
}
