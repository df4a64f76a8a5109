import { describe, expect, it } from 'vitest';
import { SERVE_ENV, SERVE_FLAGS, SERVE_SCRIPT, serveCommand } from './server-process';

describe('the test and bench servers start as `npm run serve` does', () => {
  it("reads the settings and Node's flags from the serve script", () => {
    expect(serveCommand('A_B=2 C_=131072 node --x --y=4 dist-server/main.js')).toEqual({ env: { A_B: '2', C_: '131072' }, flags: ['--x', '--y=4'] });
    expect(serveCommand('node dist-server/main.js')).toEqual({ env: {}, flags: [] });
  });

  it('refuses a script it cannot read rather than starting servers differently', () => {
    expect(() => serveCommand('tsx server/main.ts')).toThrow(/is not/);
    expect(() => serveCommand('node dist-server/main.js --port 3000')).toThrow(/is not/);
    expect(() => serveCommand('cross-env A=1 node dist-server/main.js')).toThrow(/cannot read/);
    expect(() => serveCommand('A=1 node -r x dist-server/main.js')).toThrow(/cannot read/);
  });

  it("what the servers get is package.json's serve script, word for word", () => {
    const settings = Object.entries(SERVE_ENV).map(([name, value]) => `${name}=${value}`);
    expect([...settings, 'node', ...SERVE_FLAGS, 'dist-server/main.js'].join(' ')).toBe(SERVE_SCRIPT.trim().replace(/\s+/g, ' '));
    expect(Object.keys(SERVE_ENV)).toContain('MALLOC_ARENA_MAX');
  });
});
