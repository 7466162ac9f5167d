// Reads that requests arriving together share. On PostgreSQL every statement is a round trip and
// a parse-plan-execute in the server, and under load many requests arrive within one turn of the
// event loop: these let them ask once. The shared read starts on the next turn, so it begins
// after every caller that joined it had arrived: a caller never gets an answer older than its own
// arrival (a write committed before a request arrived is seen by that request). A call made while
// a shared read is already running joins the next one, never the running one.

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/** One value all callers of a turn share (a version counter, say). */
export class TurnShared<T> {
  private next: Promise<T> | null = null;

  constructor(private readonly read: () => Promise<T>) {}

  get(): Promise<T> {
    this.next ??= nextTurn().then(() => {
      // From here on, callers wait for the next read: this one may have begun before they came.
      this.next = null;
      return this.read();
    });
    return this.next;
  }
}

/** Values by key, the keys asked for in one turn read together (`load` answers the ones it found). */
export class TurnBatch<K, V> {
  private waiting = new Map<K, { resolve: (v: V | undefined) => void; reject: (e: unknown) => void }[]>();
  private scheduled = false;

  constructor(private readonly load: (keys: K[]) => Promise<Map<K, V>>) {}

  get(key: K): Promise<V | undefined> {
    return new Promise((resolve, reject) => {
      const callers = this.waiting.get(key);
      if (callers) callers.push({ resolve, reject });
      else this.waiting.set(key, [{ resolve, reject }]);
      if (!this.scheduled) {
        this.scheduled = true;
        void nextTurn().then(() => this.flush());
      }
    });
  }

  private async flush(): Promise<void> {
    const batch = this.waiting;
    this.waiting = new Map();
    this.scheduled = false;
    try {
      const found = await this.load([...batch.keys()]);
      for (const [key, callers] of batch) for (const c of callers) c.resolve(found.get(key));
    } catch (err) {
      for (const callers of batch.values()) for (const c of callers) c.reject(err);
    }
  }
}
