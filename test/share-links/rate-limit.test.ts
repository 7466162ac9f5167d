import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LINK_RATE } from '../../src/features/share-links/throttle.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import type { Member } from '../messages/helpers.js';
import { expectAnswer, makeLink, makeList, send, verified, type MadeLink } from './support.js';

// Requests through share links are limited per client address (CONTRACT, "Reading through a
// link"): reads and writes together, whatever the token, in the shared rate-limit table.

let t: TestApp;
let owner: Member;
let holder: Member;
let link: MadeLink;

beforeAll(async () => {
  // Client addresses from X-Forwarded-For, so that one test can be several clients.
  t = await createTestApp({ smtp: false, env: { TRUST_PROXY: 'true' } });
  owner = await verified(t);
  holder = await verified(t);
  link = await makeLink(t, owner, 'list', await makeList(t, owner), { access: 'edit' });
});
afterAll(async () => t.close());

describe('the per-address limit of requests through links', () => {
  it('is 120 a minute', () => {
    expect(LINK_RATE).toEqual({ limit: 120, windowMs: 60_000 });
  });

  it('counts every request through a link from one address, then answers 429 with Retry-After until the window has passed', async () => {
    const ip = '203.0.113.7';
    const start = t.clock.now().getTime();
    // Reads of the item and its rows, unknown tokens and writes all count.
    for (let i = 0; i < LINK_RATE.limit; i++) {
      t.clock.set(new Date(start + i * 100));
      const res =
        i % 4 === 0 ? await send(t, null, 'GET', `/api/shared/${link.token}`, undefined, ip)
        : i % 4 === 1 ? await send(t, null, 'GET', `/api/shared/${link.token}/data`, undefined, ip)
        : i % 4 === 2 ? await send(t, null, 'GET', `/api/shared/${'0'.repeat(64)}`, undefined, ip)
        : await send(t, holder, 'POST', `/api/shared/${link.token}/data`, { data: { title: `Row ${i}` } }, ip);
      expect(res.statusCode, `request ${i}: ${res.body}`).toBeLessThan(500);
      expect(res.statusCode, `request ${i}`).not.toBe(429);
    }
    const refused = await send(t, null, 'GET', `/api/shared/${link.token}`, undefined, ip);
    expectAnswer(refused, 429, 'rate_limited');
    // The first request leaves the window a minute after it was made.
    const now = t.clock.now().getTime();
    expect(Number(refused.headers['retry-after'])).toBe(Math.ceil((start + LINK_RATE.windowMs - now) / 1000));
    // Writes too, and nothing is written.
    const rows = await t.db.kysely.selectFrom('list_rows').select('id').execute();
    expectAnswer(await send(t, holder, 'POST', `/api/shared/${link.token}/data`, { data: { title: 'Too many' } }, ip), 429, 'rate_limited');
    expectAnswer(await send(t, holder, 'PATCH', `/api/shared/${link.token}`, { content: 'x' }, ip), 429, 'rate_limited');
    expect(await t.db.kysely.selectFrom('list_rows').select('id').execute()).toHaveLength(rows.length);

    // Another address is not held up.
    expectAnswer(await send(t, null, 'GET', `/api/shared/${link.token}`, undefined, '198.51.100.9'), 200);
    // Once the oldest requests have left the window, the address may go on.
    t.clock.set(new Date(start + LINK_RATE.windowMs + 1));
    expectAnswer(await send(t, null, 'GET', `/api/shared/${link.token}`, undefined, ip), 200);
  });

  it('leaves the owner’s own routes alone', async () => {
    const ip = '203.0.113.8';
    for (let i = 0; i <= LINK_RATE.limit; i++) await send(t, null, 'GET', `/api/shared/${link.token}`, undefined, ip);
    expectAnswer(await send(t, null, 'GET', `/api/shared/${link.token}`, undefined, ip), 429, 'rate_limited');
    const list = await makeList(t, owner);
    expectAnswer(await send(t, owner, 'GET', `/api/lists/${list}/share-links`, undefined, ip), 200);
  });
});
