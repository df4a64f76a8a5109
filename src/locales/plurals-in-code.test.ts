import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

// Words written in code (the server's pages and emails, the admin pages): a number put straight
// before a noun ("${count} children") reads "1 children" when the count is 1. Such words go
// through plural() (domain/plural.ts), as the catalogs' words go through ICU plurals
// (catalogs.test.ts). A constant (ALL_CAPS, never 1) is left as it is.
const ROOT = join(import.meta.dirname, '..', '..');
/** A placeholder (in a template literal or JSX) followed by a word that is a plural noun: English ending in s (not a verb like "is"), or Tamil ending in கள். */
const COUNT_BEFORE_NOUN = /\$?\{([^{}]+)\} +((?:children|people|[a-z]{2,}s)\b(?![=:])|[\u0B80-\u0BFF]*கள்)/gu;
const NOT_NOUNS = new Set(['is', 'was', 'has', 'as', 'does', 'goes', 'ms']);
/** Where the placeholder is not a count, or the words are SQL: file and the exact match, with why. */
const NOT_COUNTS: Record<string, string> = {
  'server/certificates/results-pages.ts: ${level} results': 'a level\'s name ("Level 1 results")',
  'server/certificates/results-pages.ts: ${level} முடிவுகள்': 'a level\'s name',
  'server/db/backup/pglite-restore.ts: ${file} ends': 'a file name and a verb',
  'server/db/copy-to-postgres.ts: ${table.name} differs': 'a table name and a verb',
  'domain/certificates.ts: ${to} months': 'the end of a range ("0–1 months" is plural)',
  'domain/certificates.ts: ${to} years': 'the end of a range',
  'domain/certificates.ts: ${to} மாதங்கள்': 'the end of a range',
  'domain/venue.ts: ${band.maxMonths} months': 'a range used as an adjective ("the 5-9 months band")',
  'src/features/admin/routes/judging-page.tsx: {entry.spread.toFixed(2)} points': 'a measure with decimals ("1.00 points")',
  'src/features/judging/components/score-sheet.tsx: {hasPoster ? poster : undefined} controls': 'a JSX attribute',
  "server/db/stores/registration-store.ts: { web: forSource('web'), legacy: forSource('legacy') } satisfies": 'code, not words',
};

function sourceFiles(dir: string, found: string[] = []): string[] {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) {
      if (name !== 'node_modules' && name !== 'fonts') sourceFiles(path, found);
    } else if (/\.tsx?$/.test(name) && !/\.(test|spec)\.tsx?$/.test(name)) found.push(path);
  }
  return found;
}

describe('counts in words written in code', () => {
  it('put every count before a noun through plural()', () => {
    const problems: string[] = [];
    for (const file of ['src', 'server', 'domain'].flatMap((dir) => sourceFiles(join(ROOT, dir)))) {
      const text = readFileSync(file, 'utf8');
      for (const match of text.matchAll(COUNT_BEFORE_NOUN)) {
        const [whole, expression = '', noun = ''] = match;
        if (NOT_NOUNS.has(noun) || /^[A-Z][A-Z0-9_]*(\.\w+)*$/.test(expression.trim())) continue;
        const at = `${relative(ROOT, file)}: ${whole}`;
        if (!(at in NOT_COUNTS)) problems.push(at);
      }
    }
    expect(problems).toEqual([]);
  });
});
