import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, uniqueName, type TestApp } from '../helpers/app.js';
import type { Member } from '../messages/helpers.js';
import { addRow, makeList, materialize, subscriberMember } from './support.js';

// A public document that materialize creates is news for the author's blog, as one made through
// POST /api/documents is: the blog's confirmed subscribers get the blog_post e-mail, with the real
// SMTP server on loopback. Target doc and target both (whose list and document commit together)
// alike; a private document sends nothing.

let t: TestApp;
let ada: Member;
let listId: string;

beforeAll(async () => {
  t = await createTestApp({ env: { SCHEDULER: 'off' } });
  ada = await subscriberMember(t);
  listId = (await makeList(t, ada, 'Books')).id;
  await addRow(t, ada, listId, { title: 'Dune', pages: 412 });
});
afterAll(() => t.close());

async function settle(): Promise<void> {
  const { events, jobs } = t.app.ctx;
  await events.idle();
  await jobs.idle();
  await events.idle();
}

/** A confirmed subscriber of `author`'s blog, through the double opt-in routes. */
async function subscribed(author: Member): Promise<string> {
  const email = `${uniqueName('reader')}@example.org`;
  const res = await t.app.inject({ method: 'POST', url: `/api/users/${author.user.username}/subscribe`, payload: { email } });
  expect(res.statusCode, res.body).toBe(202);
  const token = /blog-subscription\?token=([0-9a-f]+)/.exec(t.smtp.to(email)[0]?.text ?? '')?.[1];
  const confirmed = await t.app.inject({ method: 'POST', url: '/api/blog-subscriptions/confirm', payload: { token } });
  expect(confirmed.statusCode, confirmed.body).toBe(200);
  return email;
}

const posts = (email: string) => t.smtp.to(email).filter((m) => !m.text.includes('/blog-subscription?token='));
const source = () => ({ kind: 'lists', listIds: [listId] });

describe('materialize and the blog', () => {
  it.each([['doc'], ['both']])('target %s: a public document sends the blog_post e-mail once the write commits', async (target) => {
    // Each case its own author, so the first post goes out at once (later ones in an hour fold).
    const author = await subscriberMember(t);
    const own = (await makeList(t, author, 'Books')).id;
    await addRow(t, author, own, { title: 'Dune', pages: 412 });
    const reader = await subscribed(author);
    const title = `Reading ${target}`;
    const res = await materialize(t, author, {
      target,
      source: { kind: 'lists', listIds: [own] },
      docConfig: { title, isPublic: true },
      ...(target === 'both' ? { listConfig: { title: 'Copy', fields: [{ propertyKey: 'title', propertyName: 'Title', propertyType: 'text', sourceKey: 'title' }] } } : {}),
    });
    expect(res.statusCode, res.body).toBe(201);
    const documentId = res.json().document.id as string;
    await settle();
    const got = posts(reader);
    expect(got).toHaveLength(1);
    expect(got[0].subject).toContain(title);
    expect(got[0].text).toContain(`http://localhost:3000/api/documents/${documentId}`);
    const log = await t.db.kysely.selectFrom('email_logs').select(['email_type', 'status']).where('recipient', '=', reader).where('email_type', '=', 'blog_post').execute();
    expect(log).toEqual([{ email_type: 'blog_post', status: 'sent' }]);
  });

  it('a private document, a list alone and a refused request send nothing', async () => {
    const reader = await subscribed(ada);
    const fields = [{ propertyKey: 'title', propertyName: 'Title', propertyType: 'text', sourceKey: 'title' }];
    expect((await materialize(t, ada, { target: 'both', source: source(), listConfig: { title: 'Quiet', fields }, docConfig: { title: 'Private' } })).statusCode).toBe(201);
    expect((await materialize(t, ada, { target: 'list', source: source(), listConfig: { title: 'Alone', isPublic: true, fields } })).statusCode).toBe(201);
    // A document whose name is taken fails `both` whole: no list, no document, no e-mail.
    expect((await materialize(t, ada, { target: 'doc', source: source(), docConfig: { title: 'Taken', relativePath: 'taken.md' } })).statusCode).toBe(201);
    const refused = await materialize(t, ada, { target: 'both', source: source(), listConfig: { title: 'Never', fields }, docConfig: { title: 'Taken', relativePath: 'taken.md', isPublic: true } });
    expect(refused.statusCode, refused.body).toBe(409);
    await settle();
    expect(posts(reader)).toHaveLength(0);
  });
});
