import { useMutation } from '@tanstack/react-query';
import { api, readResponse } from '@/lib/api-client';

/**
 * Sends a PDF someone holds to be compared, byte for byte, with the certificate we issued. The
 * file goes as the request body (streamed by the browser), not as JSON.
 */
export async function checkCertificateFile(id: string, file: File) {
  return readResponse(api.verify[':id'].check.$post({ param: { id } }, { headers: { 'Content-Type': 'application/pdf' }, init: { body: file } }));
}

export function useCheckCertificateFile(id: string) {
  return useMutation({ mutationFn: (file: File) => checkCertificateFile(id, file) });
}
