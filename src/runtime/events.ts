import type { FastifyBaseLogger } from 'fastify';

// Domain events: the one place services report to after their transaction commits. Listeners
// (notifications, e-mail, push, indexing, webhooks) are registered by the features that care;
// the acting service never imports them. A listener's failure is logged and never fails the write.

export interface DomainEvents {
  /** Someone dug a message (only a new dig; a repeated one is not reported). */
  dig: { messageId: string; authorId: string; actorId: string };
  /** Someone pushed (reposted) a message; `messageId` is the new post. */
  push: { messageId: string; pushedMessageId: string; authorId: string; actorId: string };
  /** Someone replied to a message; `messageId` is the reply. */
  reply: { messageId: string; parentId: string; authorId: string; actorId: string };
  /** A published message names a user who can read it (never its author). */
  mention: { messageId: string; mentionedUserId: string; actorId: string };
  /** A new follower, or a follow request to a private account (`requested` true). */
  follow: { followerId: string; followeeId: string; requested: boolean };
  /** A message became visible: at creation, or when its scheduled time came. */
  publish: { messageId: string; authorId: string; scheduled: boolean };
  /** Messages were deleted (the message and its replies, cascaded). */
  delete: { messageIds: string[]; authorId: string };
  /** A document became public: created public, or changed from private to public. */
  documentPublished: { documentId: string; authorId: string };
  /**
   * Rows of a list were added, edited, deleted or restored by `actorId` (through the API or an
   * import): `changes` is how many rows one write changed.
   */
  listRowsChanged: { listId: string; actorId: string; changes: number };
  /**
   * Events were appended to these streams of the event log (features/events) and have committed:
   * wakes the live streams (on every instance) and the webhook deliveries.
   */
  eventsAppended: { streams: string[] };
  /** Sessions or sync tokens of these users ended (logout, token revoked, password reset): streams re-check theirs. */
  credentialsEnded: { userIds: string[] };
}

export type EventType = keyof DomainEvents;
export type Listener<K extends EventType> = (payload: DomainEvents[K]) => void | Promise<void>;

export class EventDispatcher {
  private readonly listeners = new Map<EventType, Listener<any>[]>();
  private readonly pending = new Set<Promise<void>>();

  constructor(private readonly log: () => FastifyBaseLogger) {}

  /** Registers a listener; returns the function that removes it. */
  on<K extends EventType>(type: K, listener: Listener<K>): () => void {
    const list = this.listeners.get(type) ?? [];
    list.push(listener);
    this.listeners.set(type, list);
    return () => {
      const current = this.listeners.get(type) ?? [];
      this.listeners.set(
        type,
        current.filter((l) => l !== listener),
      );
    };
  }

  /**
   * Reports an event. Call only after the transaction that caused it has committed. Every
   * listener is called at once (in registration order); an asynchronous one runs on in the
   * background, tracked so that `idle()` can wait for it. Failures are logged, never thrown.
   */
  emit<K extends EventType>(type: K, payload: DomainEvents[K]): void {
    for (const listener of this.listeners.get(type) ?? []) {
      try {
        const result = listener(payload);
        if (result && typeof (result as Promise<void>).then === 'function') {
          const tracked = (result as Promise<void>)
            .catch((err: unknown) => this.log().error({ err, event: type }, 'event listener failed'))
            .finally(() => this.pending.delete(tracked));
          this.pending.add(tracked);
        }
      } catch (err) {
        this.log().error({ err, event: type }, 'event listener failed');
      }
    }
  }

  /** Resolves once every listener started so far has finished (tests, shutdown). */
  async idle(): Promise<void> {
    while (this.pending.size > 0) await Promise.allSettled([...this.pending]);
  }
}
