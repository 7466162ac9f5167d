import { expect } from 'vitest';
import type { TestApp } from '../helpers/app.js';
import { uniqueName } from '../helpers/app.js';
import { call, type Member } from '../messages/helpers.js';

// Set-up for the organization tests: an organization made through the API, members added
// directly in the database (the invite flow has its own tests).

export async function newOrg(t: TestApp, owner: Member, fields: Record<string, unknown> = {}) {
  const slug = uniqueName('o').toLowerCase().replace(/[^a-z0-9-]/g, '-').slice(0, 40);
  const res = await call(t, owner, 'POST', '/api/orgs', { name: `Org ${slug}`, slug, ...fields });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().org as { id: string; slug: string; name: string } & Record<string, any>;
}

export async function join(t: TestApp, org: { id: string }, who: Member, role: 'owner' | 'admin' | 'member') {
  await t.db.kysely
    .insertInto('organization_members')
    .values({ organization_id: org.id, user_id: who.user.id, role, created_at: t.clock.now().toISOString() })
    .execute();
}

export const summary = (m: Member) => ({ id: m.user.id, username: m.user.username, displayName: m.user.display_name, avatar: m.user.avatar ?? null });
