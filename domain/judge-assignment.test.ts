import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { assignPool, normaliseInstitute, oneMoreJudge, type AssignableJudge } from './judge-assignment';

const dancers = (n: number): AssignableJudge[] => Array.from({ length: n }, (_, i) => ({ id: `j${String(i).padStart(2, '0')}`, expertise: i % 2 ? 'Western Dancer' : 'Classical Dancer', conflicts: [] }));

describe('assigning judges', () => {
  it('gives every entry K different fitting judges, the judges of a pool within one entry of each other', () => {
    fc.assert(
      fc.property(fc.integer({ min: 3, max: 12 }), fc.integer({ min: 0, max: 120 }), fc.integer({ min: 1, max: 3 }), (judgeCount, entryCount, perEntry) => {
        const judges = [...dancers(judgeCount), { id: 'singer', expertise: 'Classical Singer' as const, conflicts: [] }];
        const entries = Array.from({ length: entryCount }, (_, i) => ({ id: `e${String(i).padStart(4, '0')}`, institute: null }));
        const assignments = assignPool('dance', entries, judges, perEntry);
        expect(assignments).toHaveLength(entryCount);
        for (const assignment of assignments) {
          expect(new Set(assignment.judgeIds).size).toBe(perEntry);
          expect(assignment.judgeIds).not.toContain('singer');
          expect(assignment.short).toBe(false);
        }
        const loads = dancers(judgeCount).map((judge) => assignments.filter((a) => a.judgeIds.includes(judge.id)).length);
        expect(Math.max(...loads) - Math.min(...loads)).toBeLessThanOrEqual(1);
      }),
    );
  });

  it('never gives an entry a judge who declared a conflict with its institute, and says when too few are left', () => {
    const judges: AssignableJudge[] = [
      { id: 'a', expertise: 'Drawing Artist', conflicts: [normaliseInstitute('Bright Minds Academy')] },
      { id: 'b', expertise: 'Drawing Artist', conflicts: [] },
      { id: 'c', expertise: 'Storyboard Artist', conflicts: [] },
    ];
    const entries = [
      { id: 'e1', institute: normaliseInstitute('  bright minds ACADEMY ') },
      { id: 'e2', institute: null },
    ];
    const [first, second] = assignPool('drawing', entries, judges, 3);
    expect(first).toEqual({ entryId: 'e1', judgeIds: ['b', 'c'], short: true });
    expect(second).toEqual({ entryId: 'e2', judgeIds: ['a', 'b', 'c'], short: false });
  });

  it('finds one more judge after a recusal: never the one who stepped back or one already on it', () => {
    const judges = dancers(5);
    const load = new Map([['j00', 4], ['j01', 2], ['j02', 3], ['j03', 2], ['j04', 1]]);
    expect(oneMoreJudge('dance', { id: 'e1', institute: null }, judges, load, new Set(['j04', 'j01']))).toBe('j03');
    expect(oneMoreJudge('dance', { id: 'e1', institute: null }, judges, load, new Set(judges.map((j) => j.id)))).toBeNull();
  });
});
