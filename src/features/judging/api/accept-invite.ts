import { api, readResponse } from '@/lib/api-client';

/** Sets the password from an invitation link (single use, 48 hours); answers the username to sign in with. */
export async function acceptInvite(token: string, password: string): Promise<{ username: string }> {
  return readResponse(api.auth.invite.$post({ json: { token, password } }));
}
