/** At most `limit` tasks run at once; the others wait in arrival order. */
export class Semaphore {
  private running = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(private readonly limit: number) {}

  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.running >= this.limit) await new Promise<void>((resolve) => this.waiting.push(resolve));
    else this.running++;
    try {
      return await task();
    } finally {
      // Hand the slot straight to the next waiter, so a newcomer cannot jump the line.
      const next = this.waiting.shift();
      if (next) next();
      else this.running--;
    }
  }

  /** Tasks waiting for a slot (for tests and diagnostics). */
  get queued(): number {
    return this.waiting.length;
  }
}
