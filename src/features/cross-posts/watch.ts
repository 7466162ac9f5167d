import type { AppContext } from '../../runtime/context.js';
import { AppState } from '../../runtime/state.js';

// Who is waiting on a delivery's first outcome in this process: a request that answers with its
// deliveries waits (a bounded time) until each has been tried once, however it came out.

type Waiter = () => void;

export class DeliveryWatch {
  private readonly waiting = new Map<string, Set<Waiter>>();

  /** A delivery was tried (ok, failed or to be retried). */
  settle(id: string): void {
    const waiters = this.waiting.get(id);
    if (!waiters) return;
    this.waiting.delete(id);
    for (const w of waiters) w();
  }

  /** Resolves once every one of `ids` was tried here, or after `ms`. */
  async wait(ids: readonly string[], ms: number): Promise<void> {
    if (ids.length === 0 || ms <= 0) return;
    const added: [string, Waiter][] = [];
    let timer: NodeJS.Timeout | undefined;
    try {
      await Promise.race([
        Promise.all(
          ids.map(
            (id) =>
              new Promise<void>((resolve) => {
                added.push([id, resolve]);
                const set = this.waiting.get(id) ?? new Set<Waiter>();
                set.add(resolve);
                this.waiting.set(id, set);
              }),
          ),
        ),
        new Promise<void>((resolve) => {
          timer = setTimeout(resolve, ms);
        }),
      ]);
    } finally {
      clearTimeout(timer);
      for (const [id, w] of added) {
        const set = this.waiting.get(id);
        set?.delete(w);
        if (set?.size === 0) this.waiting.delete(id);
      }
    }
  }
}

export const deliveryWatchState = new AppState('cross-posts.delivery-watch', () => new DeliveryWatch());

export const deliveryWatch = (ctx: AppContext) => ctx.state(deliveryWatchState);
