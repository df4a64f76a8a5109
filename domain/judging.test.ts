import { describe, expect, it } from 'vitest';
import { LEVEL1_ROUND, roundMoveSchema, unsettledReasons } from './judging';

describe('what must be settled before a round is published (issue 49)', () => {
  it('names an entry with fewer sheets than the round needs, one whose judges are far apart, or both', () => {
    expect(unsettledReasons({ sheets: 3, flagged: false }, LEVEL1_ROUND)).toEqual([]);
    expect(unsettledReasons({ sheets: 1, flagged: false }, LEVEL1_ROUND)).toEqual(['short']);
    expect(unsettledReasons({ sheets: 0, flagged: false }, LEVEL1_ROUND)).toEqual(['short']);
    expect(unsettledReasons({ sheets: 4, flagged: true }, LEVEL1_ROUND)).toEqual(['flagged']);
    expect(unsettledReasons({ sheets: 2, flagged: true }, LEVEL1_ROUND)).toEqual(['short', 'flagged']);
  });

  it('takes a reason to publish anyway of 10 to 1000 characters, trimmed, or none', () => {
    expect(roundMoveSchema.parse({ from: 'results', to: 'published' })).toEqual({ from: 'results', to: 'published' });
    expect(roundMoveSchema.parse({ from: 'results', to: 'published', reason: '  Checked by the head judge.  ' }).reason).toBe('Checked by the head judge.');
    expect(roundMoveSchema.safeParse({ from: 'results', to: 'published', reason: '  short  ' }).error?.issues[0]?.message).toBe('Write why you publish anyway, in at least 10 characters.');
    expect(roundMoveSchema.safeParse({ from: 'results', to: 'published', reason: 'x'.repeat(1001) }).success).toBe(false);
  });
});
