/** How many live registrations the server holds whose text contains `tag`, asked as an admin would. */
export async function countOnServer(baseUrl: string, admin: { username: string; password: string }, tag: string): Promise<number> {
  const login = await fetch(`${baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: baseUrl, 'x-requested-with': 'fetch' },
    body: JSON.stringify({ ...admin, remember: false }),
  });
  if (login.status !== 200) throw new Error(`admin sign-in answered ${login.status}`);
  const cookie = (login.headers.getSetCookie().find((c) => c.startsWith('ktc_session=')) ?? '').split(';')[0] ?? '';
  const list = await fetch(`${baseUrl}/api/registrations?q=${encodeURIComponent(tag)}&limit=1`, { headers: { cookie } });
  if (list.status !== 200) throw new Error(`GET /api/registrations answered ${list.status}`);
  return ((await list.json()) as { filtered: number }).filtered;
}
