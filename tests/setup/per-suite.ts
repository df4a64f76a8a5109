import { afterAll, beforeAll } from 'vitest';

/**
 * Something a whole `describe` shares, opened in its `beforeAll` and closed in its `afterAll`.
 * Call it in the describe's body: it returns a stand-in that reaches the opened thing, so tests and
 * hooks written after it use it as if it were the thing itself. Reading it before `beforeAll` has
 * run (in the describe's body) throws, saying so.
 */
export function openForSuite<T extends object>(open: () => Promise<T>, close: (opened: T) => Promise<void>): T {
  let opened: T | undefined;
  beforeAll(async () => {
    opened = await open();
  });
  afterAll(async () => {
    if (opened) await close(opened);
  });
  return new Proxy({} as T, {
    get(_, key) {
      if (!opened) throw new Error(`read .${String(key)} before the suite's beforeAll opened it`);
      const value: unknown = Reflect.get(opened, key);
      return typeof value === 'function' ? value.bind(opened) : value;
    },
  });
}
