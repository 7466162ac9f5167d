import type { ServerResponse } from 'node:http';
import type { AppContext } from '../../runtime/types.js';
import { AppState } from '../../runtime/state.js';
import { Coalesced } from '../../lib/coalesce.js';
import { MAX_REPLAY, replayStart } from './cursor.js';
import { credentialsInForce, notifyChannel, readEvents, streamBounds, streamHeads, streamOfUser, type EventEnvelope } from './queries.js';

// The live streams this instance holds (GET /api/events/stream; docs/events.md). Each follows one
// user's stream from a cursor: woken by `eventsAppended` here, by a NOTIFY from another instance
// (PostgreSQL: one LISTEN connection per instance), and by a safety poll of the heads; the log is
// the truth, a wake-up only says "read after your cursor". Each stream also re-checks the
// credential it was opened with, at once when one ends here or on another instance (a
// `credentials` hint), and at every poll.

/** The timings of the streams; tests shorten them (`ctx.state(liveStreams).timings`). */
export interface StreamTimings {
  heartbeatMs: number;
  /** A stream ends after this, ± 10% (credentials re-checked on reconnect, load spread). */
  maxAgeMs: number;
  /** The safety poll of heads and credentials. */
  pollMs: number;
  /** A reader with more than this unsent is cut off. */
  maxUnsentBytes: number;
}

export const DEFAULT_TIMINGS: StreamTimings = { heartbeatMs: 15_000, maxAgeMs: 30 * 60_000, pollMs: 5_000, maxUnsentBytes: 256 * 1024 };

/** At most this many open streams per user (the 6th: 429 too_many_streams). */
export const MAX_STREAMS_PER_USER = 5;
/** PostgreSQL channel of the wake-up hints: `e <stream> <stream>…` or `c <userId> <userId>…`. */
export const CHANNEL = 'events_wake';
/** NOTIFY payloads stay under PostgreSQL's 8000-byte limit. */
const MAX_HINT_BYTES = 7000;

export interface OpenRequest {
  userId: string;
  credentialId: string;
  method: 'session' | 'bearer';
  cursor: number | null;
}

interface Connection extends OpenRequest {
  stream: string;
  res: ServerResponse;
  /** The last seq sent. */
  sent: number;
  /** Its cursor is placed (open read the bounds): until then a wake-up must not read from 0. */
  started: boolean;
  pumping: boolean;
  again: boolean;
  closed: boolean;
  timers: NodeJS.Timeout[];
}

export class LiveStreams {
  timings: StreamTimings = { ...DEFAULT_TIMINGS };
  private readonly conns = new Set<Connection>();
  private poll: NodeJS.Timeout | null = null;
  private unlisten: (() => Promise<void>) | null = null;
  private listening: Promise<void> | null = null;

  constructor(private readonly ctx: AppContext) {}

  /** Open streams, in all or of one user. */
  count(userId?: string): number {
    if (userId === undefined) return this.conns.size;
    let n = 0;
    for (const c of this.conns) if (c.userId === userId) n += 1;
    return n;
  }

  /**
   * Starts a stream on `res` (hijacked from Fastify, headers not yet sent): the retry line,
   * `ready`, a `resync` or the replay of missed events, then live.
   */
  async open(res: ServerResponse, req: OpenRequest): Promise<void> {
    const stream = streamOfUser(req.userId);
    const conn: Connection = { ...req, stream, res, sent: 0, started: false, pumping: false, again: false, closed: false, timers: [] };
    this.conns.add(conn);
    res.on('close', () => this.drop(conn));
    res.on('error', () => this.drop(conn));
    res.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache, no-transform',
      'x-accel-buffering': 'no',
      connection: 'keep-alive',
    });
    res.write(`retry: ${2000 + Math.floor(Math.random() * 3001)}\n\n`);
    const { headSeq, oldestSeq } = await streamBounds(this.ctx.db.kysely, stream);
    if (conn.closed) return;
    this.write(conn, `event: ready\ndata: ${JSON.stringify({ seq: headSeq, oldestSeq })}\n\n`);
    const { sent, resync: reason } = replayStart(req.cursor, { headSeq, oldestSeq });
    conn.sent = sent;
    if (reason !== null) this.write(conn, `event: resync\nid: ${headSeq}\ndata: ${JSON.stringify({ reason, seq: headSeq, oldestSeq })}\n\n`);
    const { heartbeatMs, maxAgeMs } = this.timings;
    conn.timers.push(setInterval(() => this.write(conn, ': hb\n\n'), heartbeatMs).unref());
    conn.timers.push(setTimeout(() => this.end(conn), maxAgeMs * (0.9 + Math.random() * 0.2)).unref());
    this.startPolling();
    await this.listen();
    // A wake-up that came meanwhile was left to this read, which starts after the cursor.
    conn.started = true;
    this.pump(conn);
  }

  /** Events were appended to these streams (here, or another instance said so): read them. */
  wake(streams: readonly string[]): void {
    const set = new Set(streams);
    for (const c of this.conns) if (set.has(c.stream)) this.pump(c);
  }

  /** After a commit here: wake this instance's streams, and on PostgreSQL every other instance's. */
  async announce(streams: readonly string[]): Promise<void> {
    this.wake(streams);
    await this.hint('e', streams);
  }

  /** Credentials of these users ended here: end their streams whose credential is gone, everywhere. */
  async credentialsEnded(userIds: readonly string[]): Promise<void> {
    await this.recheck(new Set(userIds));
    await this.hint('c', userIds);
  }

  /** Ends every stream (the app is closing). */
  async stop(): Promise<void> {
    for (const c of [...this.conns]) this.end(c);
    if (this.poll) clearInterval(this.poll);
    this.poll = null;
    await this.listening?.catch(() => undefined);
    const unlisten = this.unlisten;
    this.unlisten = null;
    await unlisten?.();
  }

  /** Hints to other instances, coalesced: under load, one NOTIFY carries the streams of many commits. */
  private readonly hints = new Coalesced<[kind: 'e' | 'c', id: string]>((items) => this.sendHints(items));

  private hint(kind: 'e' | 'c', ids: readonly string[]): Promise<void> {
    if (this.ctx.db.engine !== 'postgres' || ids.length === 0) return Promise.resolve();
    return this.hints.add(ids.map((id) => [kind, id]));
  }

  private async sendHints(items: readonly [kind: 'e' | 'c', id: string][]): Promise<void> {
    for (const kind of ['e', 'c'] as const) {
      const ids = [...new Set(items.filter(([k]) => k === kind).map(([, id]) => id))];
      if (ids.length === 0) continue;
      let chunk: string[] = [];
      let bytes = 0;
      for (const id of ids) {
        if (bytes + id.length + 1 > MAX_HINT_BYTES) {
          await notifyChannel(this.ctx.db.kysely, CHANNEL, `${kind} ${chunk.join(' ')}`);
          chunk = [];
          bytes = 0;
        }
        chunk.push(id);
        bytes += id.length + 1;
      }
      await notifyChannel(this.ctx.db.kysely, CHANNEL, `${kind} ${chunk.join(' ')}`);
    }
  }

  /** PostgreSQL: the instance's one LISTEN connection, opened with its first stream. */
  private listen(): Promise<void> {
    const db = this.ctx.db;
    if (db.engine !== 'postgres' || !db.listen) return Promise.resolve();
    this.listening ??= db
      .listen(
        CHANNEL,
        (payload) => this.onHint(payload),
        (err) => {
          // A lost connection: the safety poll carries on; the next stream opens a new one.
          this.ctx.log.warn({ err }, 'events: LISTEN connection lost');
          this.unlisten = null;
          this.listening = null;
        },
      )
      .then((unlisten) => {
        this.unlisten = unlisten;
      })
      .catch((err: unknown) => {
        this.ctx.log.warn({ err }, 'events: LISTEN failed; the safety poll carries on');
        this.listening = null;
      });
    return this.listening;
  }

  private onHint(payload: string): void {
    const [kind, ...ids] = payload.split(' ');
    if (kind === 'e') this.wake(ids);
    else if (kind === 'c') void this.recheck(new Set(ids)).catch((err: unknown) => this.ctx.log.warn({ err }, 'events: credential re-check failed'));
  }

  private startPolling(): void {
    if (this.poll) return;
    this.poll = setInterval(() => {
      void this.safetyPoll().catch((err: unknown) => this.ctx.log.warn({ err }, 'events: safety poll failed'));
    }, this.timings.pollMs).unref();
  }

  /** Every open stream behind its head is pumped, and every credential re-checked. */
  private async safetyPoll(): Promise<void> {
    if (this.conns.size === 0) {
      if (this.poll) clearInterval(this.poll);
      this.poll = null;
      return;
    }
    const heads = await streamHeads(this.ctx.db.kysely, [...new Set([...this.conns].map((c) => c.stream))]);
    for (const c of this.conns) if ((heads.get(c.stream) ?? 0) > c.sent) this.pump(c);
    await this.recheck(null);
  }

  /** Ends the streams (of these users, or all) whose session or token is no longer in force. */
  private async recheck(userIds: Set<string> | null): Promise<void> {
    const conns = [...this.conns].filter((c) => userIds === null || userIds.has(c.userId));
    if (conns.length === 0) return;
    const sessions = conns.filter((c) => c.method === 'session').map((c) => c.credentialId);
    const tokens = conns.filter((c) => c.method === 'bearer').map((c) => c.credentialId);
    const live = await credentialsInForce(this.ctx.db.kysely, sessions, tokens, this.ctx.clock.now().toISOString());
    for (const c of conns) if (!live.has(c.credentialId)) this.end(c);
  }

  /** Sends what the stream has after the connection's cursor; one read at a time per connection. */
  private pump(conn: Connection): void {
    if (conn.closed || !conn.started) return;
    if (conn.pumping) {
      conn.again = true;
      return;
    }
    conn.pumping = true;
    void this.drain(conn)
      .catch((err: unknown) => {
        this.ctx.log.warn({ err }, 'events: stream read failed');
        this.end(conn);
      })
      .finally(() => {
        conn.pumping = false;
      });
  }

  private async drain(conn: Connection): Promise<void> {
    do {
      conn.again = false;
      const events = await readEvents(this.ctx.db.kysely, conn.stream, conn.sent, MAX_REPLAY);
      for (const e of events) {
        if (conn.closed) return;
        this.write(conn, frame(e));
        conn.sent = e.seq;
      }
      if (events.length === MAX_REPLAY) conn.again = true;
    } while (conn.again && !conn.closed);
  }

  private write(conn: Connection, text: string): void {
    if (conn.closed) return;
    conn.res.write(text);
    // A reader that does not read: cut off (it resumes from its cursor).
    if (conn.res.writableLength > this.timings.maxUnsentBytes) {
      this.drop(conn);
      conn.res.destroy();
    }
  }

  private end(conn: Connection): void {
    if (conn.closed) return;
    this.drop(conn);
    conn.res.end();
  }

  private drop(conn: Connection): void {
    if (conn.closed) return;
    conn.closed = true;
    for (const t of conn.timers) clearTimeout(t);
    this.conns.delete(conn);
  }
}

function frame(e: EventEnvelope): string {
  return `event: ${e.type}\nid: ${e.seq}\ndata: ${JSON.stringify(e)}\n\n`;
}

export const liveStreams = new AppState('events.live-streams', (ctx) => new LiveStreams(ctx), { stop: (hub) => hub.stop() });
