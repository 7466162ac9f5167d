import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join as joinPath } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { readZip } from '../helpers/zip.js';
import { call, member, type Member } from '../messages/helpers.js';
import { join, newOrg } from './helpers.js';

// The data archive's organizations.json (orgs/user-data.ts): the user's organizations with their
// role in each, as GET /api/orgs shows them, and the invites they sent and received, without any
// token.

let t: TestApp;
let dataDir: string;
beforeAll(async () => {
  dataDir = mkdtempSync(joinPath(tmpdir(), 'orgs-archive-'));
  t = await createTestApp({ env: { DATA_DIR: dataDir } });
});
afterAll(async () => {
  await t.close();
  rmSync(dataDir, { recursive: true, force: true });
});

async function archiveOf(who: Member): Promise<Map<string, Buffer>> {
  expect((await call(t, who, 'POST', '/api/user/archive')).statusCode).toBe(202);
  await t.app.ctx.jobs.idle();
  const res = await call(t, who, 'GET', '/api/user/archive');
  expect(res.statusCode, res.body).toBe(200);
  const zip = await call(t, who, 'GET', res.json().archive.downloadUrl);
  expect(zip.statusCode).toBe(200);
  return readZip(zip.rawPayload);
}

describe('organizations.json in the data archive', () => {
  it('lists the organizations with the role, and the invites sent and received, without a token', async () => {
    const owner = await member(t, { email_verified: true });
    const other = await member(t, { email_verified: true });
    const invitee = await member(t, { email_verified: true });
    const mine = await newOrg(t, owner);
    const theirs = await newOrg(t, other);
    await join(t, theirs, owner, 'member');
    const sent = await call(t, owner, 'POST', `/api/orgs/${mine.slug}/invites`, { username: invitee.user.username, role: 'admin' });
    expect(sent.statusCode, sent.body).toBe(201);
    const received = await call(t, other, 'POST', `/api/orgs/${theirs.slug}/invites`, { email: 'later@example.org', role: 'member' });
    expect(received.statusCode, received.body).toBe(201);
    const toOwner = await newOrg(t, invitee);
    const invitedOwner = await call(t, invitee, 'POST', `/api/orgs/${toOwner.slug}/invites`, { username: owner.user.username, role: 'member' });
    expect(invitedOwner.statusCode, invitedOwner.body).toBe(201);

    const files = await archiveOf(owner);
    const text = files.get('organizations.json')!.toString('utf8');
    const content = JSON.parse(text);
    const listed = (await call(t, owner, 'GET', '/api/orgs')).json().orgs;
    expect(content.organizations).toEqual(listed);
    expect(content.organizations.map((o: { slug: string; role: string }) => [o.slug, o.role]).sort()).toEqual([[mine.slug, 'owner'], [theirs.slug, 'member']].sort());
    expect(content.invitesSent).toEqual([{ org: mine.slug, ...sent.json().invite }]);
    expect(content.invitesReceived).toEqual([{ org: toOwner.slug, ...invitedOwner.json().invite }]);
    // Someone else's invite to an address is not the user's; no token (nor its hash) is in the file.
    expect(text).not.toContain('later@example.org');
    const hashes = await t.db.kysely.selectFrom('org_invites').select('token_hash').execute();
    for (const { token_hash } of hashes) expect(text).not.toContain(token_hash);
  });

  it('a user in no organization gets empty lists', async () => {
    const loner = await member(t, { email_verified: true });
    const content = JSON.parse((await archiveOf(loner)).get('organizations.json')!.toString('utf8'));
    expect(content).toEqual({ organizations: [], invitesSent: [], invitesReceived: [] });
  });
});
