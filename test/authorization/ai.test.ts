import { afterAll, beforeAll, expect } from 'vitest';
import { AI_KEY, DOCUMENT_OUTPUT, openAiAnswer, ProviderStandIn } from '../ai/support.js';
import type { Member } from '../messages/helpers.js';
import { anonymous, authorizationMatrix, byBearer, byCookie, castOf, PROBATION, RESTRICTED, SUBSCRIPTION, UNAUTHENTICATED as ANON } from './matrix.js';

// Authorization of the AI endpoints (issue 18): status for every signed-in user; suggest for
// subscribers who may write; generate for subscribers who may write and are out of probation; a
// source reference (a list for from_list) only the caller's own, another's being 422 invalid_input.

const ROLES = ['anonymous', 'owner', 'bearer', 'other', 'probation', 'free', 'restricted', 'admin'] as const;
type Role = (typeof ROLES)[number];

interface Fixtures {
  owner: Member;
  /** The owner's list, a from_list source. */
  list: string;
}

// Every provider call answers a valid document (writing_assist reads `content`, and ignores the rest).
const standIn = new ProviderStandIn(openAiAnswer({ ...DOCUMENT_OUTPUT, content: 'A better post.' }));
beforeAll(async () => {
  await standIn.start();
});
afterAll(async () => standIn.stop());

const INVALID_INPUT = [422, 'invalid_input'] as const;

authorizationMatrix<Fixtures, Role>({
  roles: ROLES,
  covers: (op) => op.tags.includes('ai'),
  tables: ['lists', 'list_rows', 'documents', 'document_folders', 'messages', 'ai_usage'],
  // Read when the app is built, after the stand-in has started.
  get app() {
    return { env: { AI_PROVIDER: 'openai', AI_API_KEY: AI_KEY, AI_BASE_URL: `${standIn.url}/v1` } };
  },
  async setup(t) {
    const cast = await castOf(t);
    const list = await t.app.inject({
      method: 'POST',
      url: '/api/lists',
      headers: { cookie: cast.owner.cookie },
      payload: { title: 'Plants', schema: { name: 'Plants', fields: [{ key: 'name', type: 'text', label: 'Name' }] } },
    });
    expect(list.statusCode, list.body).toBe(201);
    return {
      f: { owner: cast.owner, list: list.json().data.id },
      actors: {
        anonymous,
        owner: byCookie(cast.owner),
        bearer: byBearer(cast.owner),
        other: byCookie(cast.other),
        probation: byCookie(cast.probation),
        free: byCookie(cast.free),
        restricted: byCookie(cast.restricted),
        admin: byCookie(cast.admin),
      },
    };
  },
  rows: [
    {
      op: 'GET /api/ai/status',
      expect: { anonymous: ANON, owner: 200, bearer: 200, other: 200, probation: 200, free: 200, restricted: 200, admin: 200 },
      ok: (res) => expect(res.body).not.toContain(AI_KEY),
    },
    {
      op: 'POST /api/ai/suggest',
      body: () => ({ feature: 'writing_assist', input: 'make this better' }),
      expect: { anonymous: ANON, owner: 200, bearer: 200, other: 200, probation: 200, free: SUBSCRIPTION, restricted: RESTRICTED, admin: 200 },
    },
    {
      op: 'POST /api/ai/suggest',
      label: 'from_list: the caller’s own list only',
      body: (c) => ({ feature: 'powered_document', input: 'a guide', context: { mode: 'from_list', listId: c.f.list } }),
      expect: { anonymous: ANON, owner: 200, bearer: 200, other: INVALID_INPUT, probation: INVALID_INPUT, free: SUBSCRIPTION, restricted: RESTRICTED, admin: INVALID_INPUT },
    },
    {
      op: 'POST /api/ai/generate',
      body: () => ({ feature: 'powered_document', artifact: { kind: 'document', ...DOCUMENT_OUTPUT } }),
      expect: { anonymous: ANON, owner: 201, bearer: 201, other: 201, probation: PROBATION, free: SUBSCRIPTION, restricted: RESTRICTED, admin: 201 },
    },
  ],
});
