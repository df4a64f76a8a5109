import { signInWithCode } from '../../setup/second-factor-codes';

/** How many live registrations the server holds whose text contains `tag`, asked as an admin would. */
export async function countOnServer(baseUrl: string, admin: { username: string; password: string }, tag: string): Promise<number> {
  const cookie = await signInWithCode(baseUrl, admin);
  const list = await fetch(`${baseUrl}/api/registrations?q=${encodeURIComponent(tag)}&limit=1`, { headers: { cookie } });
  if (list.status !== 200) throw new Error(`GET /api/registrations answered ${list.status}`);
  return ((await list.json()) as { filtered: number }).filtered;
}
