/**
 * One computation per key while it is under way: callers asking for the same key at the same
 * time share its promise (a burst of identical reads after a write costs one query). Nothing is
 * kept once it settles; storing the result is the caller's business.
 */
export class SingleFlight<T> {
  private readonly inflight = new Map<string, Promise<T>>();

  run(key: string, compute: () => Promise<T>): Promise<T> {
    let pending = this.inflight.get(key);
    if (!pending) {
      pending = compute().finally(() => this.inflight.delete(key));
      this.inflight.set(key, pending);
    }
    return pending;
  }
}
