import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { FastifyBaseLogger } from 'fastify';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { EventDispatcher } from '../../src/runtime/events.js';
import { call, member, post, recordEvents } from './helpers.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ smtp: false });
});
afterAll(async () => t.close());

function fakeLog() {
  const error = vi.fn();
  return { log: { error } as unknown as FastifyBaseLogger, error };
}

describe('EventDispatcher', () => {
  it('calls every listener of a type in order, and stops calling a removed one', () => {
    const { log } = fakeLog();
    const events = new EventDispatcher(() => log);
    const calls: string[] = [];
    const off = events.on('dig', (e) => void calls.push(`a:${e.messageId}`));
    events.on('dig', (e) => void calls.push(`b:${e.messageId}`));
    events.on('follow', () => void calls.push('follow'));
    events.emit('dig', { messageId: 'm1', authorId: 'u1', actorId: 'u2' });
    off();
    events.emit('dig', { messageId: 'm2', authorId: 'u1', actorId: 'u2' });
    expect(calls).toEqual(['a:m1', 'b:m1', 'b:m2']);
  });

  it('logs a failing listener (thrown or rejected) and still calls the others; idle waits for async ones', async () => {
    const { log, error } = fakeLog();
    const events = new EventDispatcher(() => log);
    let finished = false;
    events.on('publish', () => {
      throw new Error('sync boom');
    });
    events.on('publish', async () => {
      throw new Error('async boom');
    });
    events.on('publish', async () => {
      await new Promise((r) => setTimeout(r, 10));
      finished = true;
    });
    expect(() => events.emit('publish', { messageId: 'm', authorId: 'u', scheduled: false })).not.toThrow();
    await events.idle();
    expect(finished).toBe(true);
    expect(error).toHaveBeenCalledTimes(2);
    expect(error.mock.calls.map((c) => (c[0] as { event: string }).event)).toEqual(['publish', 'publish']);
  });
});

describe('events through the app', () => {
  it('a failing listener never fails the write that caused it', async () => {
    const [a, b] = [await member(t), await member(t)];
    const m = await post(t, a, { content: 'dig me' });
    const off1 = t.app.ctx.events.on('dig', () => {
      throw new Error('listener down');
    });
    const off2 = t.app.ctx.events.on('dig', async () => {
      throw new Error('listener down later');
    });
    const res = await call(t, b, 'POST', `/api/messages/${m.id}/dig`);
    off1();
    off2();
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ digCount: 1, dugByMe: true, isNewDig: true });
    await t.app.ctx.events.idle();
  });

  it('reports publish, reply, push and mention after the write', async () => {
    const [a, b, c] = [await member(t), await member(t), await member(t)];
    const rec = recordEvents(t, ['publish', 'reply', 'push', 'mention']);
    const m = await post(t, a, { content: `hello @${b.user.username.toUpperCase()} and @${a.user.username} and @nobody_xyz` });
    const r = await post(t, c, { content: 'a reply', parentId: m.id });
    const p = await post(t, b, { pushedMessageId: m.id });
    rec.stop();
    expect(rec.of('publish')).toEqual([
      { messageId: m.id, authorId: a.user.id, scheduled: false },
      { messageId: r.id, authorId: c.user.id, scheduled: false },
      { messageId: p.id, authorId: b.user.id, scheduled: false },
    ]);
    expect(rec.of('mention')).toEqual([{ messageId: m.id, mentionedUserId: b.user.id, actorId: a.user.id }]);
    expect(rec.of('reply')).toEqual([{ messageId: r.id, parentId: m.id, authorId: a.user.id, actorId: c.user.id }]);
    expect(rec.of('push')).toEqual([{ messageId: p.id, pushedMessageId: m.id, authorId: a.user.id, actorId: b.user.id }]);
  });

  it('mentions in a private message reach only users who can read it', async () => {
    const [a, follower, stranger] = [await member(t), await member(t), await member(t)];
    await t.db.kysely.insertInto('follows').values({ follower_id: follower.user.id, followee_id: a.user.id, created_at: t.clock.now().toISOString() }).execute();
    const rec = recordEvents(t, ['mention']);
    const m = await post(t, a, { content: `@${follower.user.username} @${stranger.user.username} psst`, publiclyVisible: false });
    rec.stop();
    expect(rec.of('mention')).toEqual([{ messageId: m.id, mentionedUserId: follower.user.id, actorId: a.user.id }]);
  });
});
