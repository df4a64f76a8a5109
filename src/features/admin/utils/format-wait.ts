import { plural } from '@domain/plural';

/** 'Retry-After' seconds as words: '45 seconds', '1 minute', '15 minutes'. */
export function formatWait(seconds: number): string {
  if (seconds < 60) return plural(Math.max(1, Math.ceil(seconds)), { one: '# second', other: '# seconds' });
  return plural(Math.ceil(seconds / 60), { one: '# minute', other: '# minutes' });
}
