import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const source = (file: string) => readFileSync(join(__dirname, file), 'utf8').replace(/\/\*[\s\S]*?\*\/|\/\/.*$/gm, '');

// ADR 014, "The sync engine only decides when": each layer keeps to its job.
describe('the outbox layers', () => {
  it('the engine decides when: no request and no Dexie table in sync-engine.ts', () => {
    const engine = source('sync-engine.ts');
    expect(engine).not.toMatch(/\bfetch\s*\(/);
    expect(engine).not.toMatch(/\.(records|roster|rosters|table)\b|\.transaction\s*\(|from 'dexie'/);
  });

  it('the transport speaks HTTP and touches no Dexie table; the sync store sends nothing', () => {
    const transport = source('transport.ts');
    expect(transport).not.toMatch(/\.(records|table)\b|\.transaction\s*\(|from 'dexie'/);
    const store = source('sync-store.ts');
    expect(store).not.toMatch(/\bfetch\b|api-client/);
  });
});
