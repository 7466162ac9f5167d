import { SingleFlight } from './single-flight.js';

/**
 * A byte-bounded LRU whose entries belong to one version of one scope (a list, or all messages).
 * Versions are read from the database with the request, and bumped in the transaction of every
 * write they cover; storing an entry of a newer version of a scope drops that scope's older ones.
 */
export class VersionedLru<V> {
  private readonly entries = new Map<string, { scope: string; version: string; value: V; bytes: number }>();
  private readonly latest = new Map<string, string>();
  /** Computations under way: requests that miss together wait for one query, not one each. */
  private readonly flights = new SingleFlight<V>();
  private used = 0;

  constructor(
    private readonly maxBytes: number,
    private readonly size: (v: V) => number,
  ) {}

  get(scope: string, version: string, key: string): V | undefined {
    const k = `${scope}\u0000${version}\u0000${key}`;
    const e = this.entries.get(k);
    if (!e) return undefined;
    this.entries.delete(k);
    this.entries.set(k, e);
    return e.value;
  }

  /** The cached value, else the one `compute` gives (started once however many ask at the same time). */
  async getOrCompute(scope: string, version: string, key: string, compute: () => Promise<V>): Promise<V> {
    const hit = this.get(scope, version, key);
    if (hit !== undefined) return hit;
    return this.flights.run(`${scope}\u0000${version}\u0000${key}`, async () => {
      const value = await compute();
      this.set(scope, version, key, value);
      return value;
    });
  }

  set(scope: string, version: string, key: string, value: V): void {
    const seen = this.latest.get(scope);
    if (seen !== undefined && seen !== version) {
      // A reader that started before a write may still finish after it: only the newer version stays.
      if (newer(seen, version)) return;
      for (const [k, e] of this.entries) if (e.scope === scope) this.remove(k, e.bytes);
    }
    if (this.latest.size > 100_000) this.latest.clear();
    this.latest.set(scope, version);
    const k = `${scope}\u0000${version}\u0000${key}`;
    const old = this.entries.get(k);
    if (old) this.remove(k, old.bytes);
    const bytes = this.size(value) + k.length;
    if (bytes > this.maxBytes) return;
    this.entries.set(k, { scope, version, value, bytes });
    this.used += bytes;
    for (const [oldest, e] of this.entries) {
      if (this.used <= this.maxBytes) break;
      this.remove(oldest, e.bytes);
    }
  }

  private remove(k: string, bytes: number): void {
    this.entries.delete(k);
    this.used -= bytes;
  }
}

/** Versions are dot-separated counters that only grow ("rows.schema"): whether `a` is past `b`. */
function newer(a: string, b: string): boolean {
  const x = a.split('.').map(Number);
  const y = b.split('.').map(Number);
  return x.every((v, i) => v >= y[i]) && x.some((v, i) => v > y[i]);
}
