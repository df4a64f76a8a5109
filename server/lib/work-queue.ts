/** Thrown when a WorkQueue is full: the caller should answer 503 with Retry-After. */
export class QueueFull extends Error {
  constructor() {
    super('too much work queued');
    this.name = 'QueueFull';
  }
}

/**
 * Runs at most `concurrent` jobs at once and keeps at most `queued` more waiting; a job beyond
 * that is refused at once (QueueFull) instead of piling up memory and latency.
 */
export class WorkQueue {
  private running = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(private readonly limits: { concurrent: number; queued: number }) {}

  get busy(): { running: number; waiting: number } {
    return { running: this.running, waiting: this.waiting.length };
  }

  /** True when a job submitted now would be refused. */
  get full(): boolean {
    return this.running >= this.limits.concurrent && this.waiting.length >= this.limits.queued;
  }

  async run<T>(job: () => Promise<T>): Promise<T> {
    if (this.running >= this.limits.concurrent) {
      if (this.waiting.length >= this.limits.queued) throw new QueueFull();
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    } else {
      this.running += 1;
    }
    try {
      return await job();
    } finally {
      const next = this.waiting.shift();
      // The slot passes straight to the next job, so `running` never drops below what runs.
      if (next) next();
      else this.running -= 1;
    }
  }
}
