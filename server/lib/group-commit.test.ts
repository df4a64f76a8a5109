import { describe, expect, it } from 'vitest';
import { groupCommit } from './group-commit';

/** A writer that records each statement it is asked for, and answers after a few milliseconds. */
function recordingWriter(fail?: (item: number) => boolean) {
  const statements: number[][] = [];
  const writeAll = async (items: number[]) => {
    statements.push([...items]);
    await new Promise((resolve) => setTimeout(resolve, 5));
    if (fail && items.some(fail)) throw new Error(`refused ${items.filter(fail).join(',')}`);
    return items.map((item) => item * 10);
  };
  return { statements, writeAll };
}

describe('groupCommit', () => {
  it('sends callers of one turn of the event loop together, those arriving during that statement in the next, and a lone caller alone', async () => {
    const writer = recordingWriter();
    const write = groupCommit({ writeAll: writer.writeAll, maxItems: 100, maxInFlight: 1 });
    const first = [1, 2, 3].map((item) => write(item));
    await new Promise((resolve) => setTimeout(resolve, 1));
    const during = [4, 5].map((item) => write(item));
    expect(await Promise.all([...first, ...during])).toEqual([10, 20, 30, 40, 50]);
    expect(writer.statements).toEqual([[1, 2, 3], [4, 5]]);
    expect(await write(6)).toBe(60);
    expect(writer.statements.at(-1)).toEqual([6]);
  });

  it('never puts more than maxItems in one statement, and runs up to maxInFlight side by side', async () => {
    const writer = recordingWriter();
    let running = 0;
    let most = 0;
    const write = groupCommit({
      writeAll: async (items: number[]) => {
        most = Math.max(most, ++running);
        try {
          return await writer.writeAll(items);
        } finally {
          running--;
        }
      },
      maxItems: 3,
      maxInFlight: 2,
    });
    const items = Array.from({ length: 10 }, (_, i) => i);
    expect(await Promise.all(items.map((item) => write(item)))).toEqual(items.map((item) => item * 10));
    expect(Math.max(...writer.statements.map((s) => s.length))).toBe(3);
    expect(most).toBe(2);
    expect(writer.statements.flat().sort((a, b) => a - b)).toEqual(items);
  });

  it('when a statement fails, writes each of its callers alone: only the bad one gets an error', async () => {
    const writer = recordingWriter((item) => item === 3);
    const write = groupCommit({ writeAll: writer.writeAll, maxItems: 100, maxInFlight: 1 });
    const settled = await Promise.allSettled([1, 2, 3, 4].map((item) => write(item)));
    expect(settled.map((s) => (s.status === 'fulfilled' ? s.value : (s.reason as Error).message))).toEqual([10, 20, 'refused 3', 40]);
    expect(writer.statements).toEqual([[1, 2, 3, 4], [1], [2], [3], [4]]);
  });
});
