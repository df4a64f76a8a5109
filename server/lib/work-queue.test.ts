import { describe, expect, it } from 'vitest';
import { QueueFull, WorkQueue } from './work-queue';

function gate() {
  let open = () => {};
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { opened, open };
}

describe('WorkQueue', () => {
  it('runs one job at a time, queues a bounded number, refuses the rest at once', async () => {
    const queue = new WorkQueue({ concurrent: 1, queued: 2 });
    const order: string[] = [];
    const first = gate();
    const jobs = ['a', 'b', 'c'].map((name, i) =>
      queue.run(async () => {
        order.push(`start ${name}`);
        if (i === 0) await first.opened;
        order.push(`end ${name}`);
        return name;
      }),
    );
    expect(queue.full).toBe(true);
    await expect(queue.run(async () => 'd')).rejects.toBeInstanceOf(QueueFull);
    expect(queue.busy).toEqual({ running: 1, waiting: 2 });
    first.open();
    expect(await Promise.all(jobs)).toEqual(['a', 'b', 'c']);
    expect(order).toEqual(['start a', 'end a', 'start b', 'end b', 'start c', 'end c']);
    expect(queue.busy).toEqual({ running: 0, waiting: 0 });
    expect(queue.full).toBe(false);
  });

  it('frees the slot when a job fails', async () => {
    const queue = new WorkQueue({ concurrent: 1, queued: 0 });
    await expect(queue.run(async () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(await queue.run(async () => 'next')).toBe('next');
  });
});
