import { expect } from 'vitest';
import type { TestApp } from '../helpers/app.js';
import { setUserFields } from '../helpers/app.js';
import { signedInUser, type SignedIn } from '../users/fixtures.js';
import type { DomainEvents, EventType } from '../../src/runtime/events.js';
import { mediaUrl, storeUpload } from '../../src/features/media/service.js';

// Set-up for the messages and follows tests: users made directly in the database (active unless
// asked otherwise), requests with either credential, and a recorder of domain events.

export type Member = SignedIn;

/** A signed-in user, `active` by default (registration leaves accounts in probation). */
export async function member(t: TestApp, fields: Record<string, unknown> = {}): Promise<Member> {
  const m = await signedInUser(t);
  const set = { account_status: 'active', ...fields };
  await setUserFields(t.db, m.user.id, set);
  return { ...m, user: { ...m.user, ...set } as Member['user'] };
}

export const subscriber = (t: TestApp, fields: Record<string, unknown> = {}) => member(t, { customer_status: 'subscriber', ...fields });

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE' | 'PUT';

/** A request as `who` (cookie by default; `bearer: true` for the sync token; null: anonymous). */
export async function call(t: TestApp, who: Member | null, method: Method, url: string, payload?: unknown, bearer = false) {
  const headers: Record<string, string> = {};
  if (who) {
    if (bearer) headers.authorization = who.bearer;
    else headers.cookie = who.cookie;
  }
  return t.app.inject({ method, url, headers, ...(payload !== undefined ? { payload: payload as object } : {}) });
}

/** Posts a message and returns the created message (`data`); fails the test on anything but 201. */
export async function post(t: TestApp, who: Member, body: Record<string, unknown>) {
  const res = await call(t, who, 'POST', '/api/messages', body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as Record<string, any>;
}

/** Makes `follower` follow `followee` directly (set-up). */
export async function follows(t: TestApp, follower: Member, followee: Member): Promise<void> {
  await t.db.kysely
    .insertInto('follows')
    .values({ follower_id: follower.user.id, followee_id: followee.user.id, created_at: t.clock.now().toISOString() })
    .execute();
}

/** Records every domain event of the given types, in order. */
export function recordEvents(t: TestApp, types: EventType[]) {
  const seen: { type: EventType; payload: DomainEvents[EventType] }[] = [];
  const offs = types.map((type) => t.app.ctx.events.on(type, (payload) => void seen.push({ type, payload })));
  return { seen, stop: () => offs.forEach((off) => off()), of: <K extends EventType>(type: K) => seen.filter((e) => e.type === type).map((e) => e.payload as DomainEvents[K]) };
}

export function expectError(res: { statusCode: number; json(): any; body: string }, status: number, code?: string) {
  expect(res.statusCode, res.body).toBe(status);
  const body = res.json();
  expect(typeof body.error).toBe('string');
  if (code) expect(body.code).toBe(code);
}

export const MESSAGE_FIELDS = [
  'content',
  'createdAt',
  'digCount',
  'dugByMe',
  'id',
  'imageUrls',
  'org',
  'parentId',
  'publiclyVisible',
  'pushedMessage',
  'replyCount',
  'scheduledAt',
  'tags',
  'updatedAt',
  'user',
  'videoUrls',
];

/** An upload stored as the upload routes store one (a few bytes, not a real image): its row and URL. */
export async function storedUpload(t: TestApp, who: Member, kind: 'image' | 'video') {
  const row = await storeUpload(t.app.ctx, who.user.id, kind, {
    bytes: Buffer.from(`${kind} bytes ${Math.random()}`),
    contentType: kind === 'image' ? 'image/png' : 'video/mp4',
    ext: kind === 'image' ? 'png' : 'mp4',
    width: kind === 'image' ? 10 : null,
    height: kind === 'image' ? 10 : null,
  });
  return { row, url: mediaUrl(t.app.ctx, row) };
}
