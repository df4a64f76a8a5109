import { describe, expect, it } from 'vitest';
import { correctionsCloseAt } from '@domain/season';
import { moveServerClock, queueServerReminders, startServer } from '../setup/server-process';
import { childRegistration } from '../setup/registration-fixtures';
import { familyLinkIn, startSmtpTestServer, tokenOf } from '../setup/smtp-test-server';
import { postJson } from './support/registrations';
import { useCleanups } from './support/places';

/**
 * A test moves a running built server's clock over its control socket (server/lib/clock.ts), and
 * the server's time rules follow it; a server started without TEST_CLOCK=on refuses. PGlite only:
 * the control socket lives in DATA_DIR.
 */
describe('moving a running server’s clock', () => {
  const onCleanup = useCleanups();

  it('with TEST_CLOCK=on, the family page’s correction cut-off follows the moved clock, and offset 0 brings it back', { timeout: 120_000 }, async () => {
    const smtp = await startSmtpTestServer();
    onCleanup(() => smtp.close());
    const server = await startServer({ env: { TEST_CLOCK: 'on', SMTP_URL: smtp.url } });
    onCleanup(() => server.cleanup());
    onCleanup(() => server.stop());
    expect(server.output().match(/TEST_CLOCK is on/g)).toHaveLength(1);

    const input = childRegistration();
    expect((await postJson(server.url, '/api/registrations', input)).status).toBe(201);
    const [mail] = await smtp.waitFor(1, 30_000);
    const token = tokenOf(familyLinkIn(mail!));
    const corrections = async () => {
      const response = await fetch(`${server.url}/api/family/registration`, { headers: { Authorization: `Bearer ${token}` } });
      expect(response.status).toBe(200);
      return ((await response.json()) as { corrections: { open: boolean } }).corrections.open;
    };
    expect(await corrections()).toBe(true);

    // One minute past the cut-off (the day before Level 1): read-only.
    const offset = correctionsCloseAt().getTime() + 60_000 - Date.now();
    const moved = await moveServerClock(server, offset);
    expect(Math.abs(moved.getTime() - (correctionsCloseAt().getTime() + 60_000))).toBeLessThan(10_000);
    expect(await corrections()).toBe(false);

    const back = await moveServerClock(server, 0);
    expect(Math.abs(back.getTime() - Date.now())).toBeLessThan(10_000);
    expect(await corrections()).toBe(true);
  });

  it('without TEST_CLOCK the clock and reminders commands are refused, saying why', { timeout: 120_000 }, async () => {
    const server = await startServer();
    onCleanup(() => server.cleanup());
    onCleanup(() => server.stop());
    expect(server.output()).not.toMatch(/TEST_CLOCK/);
    await expect(moveServerClock(server, 365 * 86_400_000)).rejects.toThrow(/not started with TEST_CLOCK=on/);
    await expect(queueServerReminders(server)).rejects.toThrow(/not started with TEST_CLOCK=on/);
  });
});
