// Work done for many callers at once: while one run is in flight, what newer callers add waits and
// goes together in the next run, so under load a stream of small jobs (a NOTIFY per commit, a
// lookup per commit) becomes one per round trip. A caller's promise settles once a run that
// included its items has ended (with that run's error, if it failed).

export class Coalesced<T> {
  private pending: T[] = [];
  private running: Promise<void> | null = null;

  constructor(private readonly run: (items: T[]) => Promise<void>) {}

  add(items: readonly T[]): Promise<void> {
    if (items.length === 0) return Promise.resolve();
    this.pending.push(...items);
    this.running ??= this.drain();
    return this.running;
  }

  private async drain(): Promise<void> {
    try {
      // The first run starts at once; later runs take everything added while the previous one ran.
      while (this.pending.length > 0) {
        const items = this.pending;
        this.pending = [];
        await this.run(items);
      }
    } catch (err) {
      // Everyone waiting on this drain is told it failed, so what they added is not sent later.
      this.pending = [];
      throw err;
    } finally {
      // Reached synchronously once nothing is pending: an add() after this point starts a new drain.
      this.running = null;
    }
  }
}
