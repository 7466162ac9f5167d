import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.js';

let t: TestApp;
let doc: any;
beforeAll(async () => {
  t = await createTestApp({ smtp: false });
  const res = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
  expect(res.statusCode).toBe(200);
  doc = res.json();
});
afterAll(async () => t.close());

const METHODS = ['get', 'post', 'put', 'patch', 'delete'];

function operations(): { method: string; path: string; op: any }[] {
  const out: { method: string; path: string; op: any }[] = [];
  for (const [path, item] of Object.entries<any>(doc.paths)) {
    for (const method of METHODS) if (item[method]) out.push({ method, path, op: item[method] });
  }
  return out;
}

function hasSchema(content: any): boolean {
  return !!content && Object.values<any>(content).some((media) => media && typeof media.schema === 'object');
}

describe('OpenAPI document', () => {
  it('is OpenAPI 3.1.0, version 0.1.0, served as JSON', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(res.headers['content-type']).toMatch(/application\/json/);
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.info.version).toBe('0.1.0');
    expect(typeof doc.info.title).toBe('string');
    expect(doc.components.securitySchemes).toMatchObject({ session: { type: 'apiKey', in: 'cookie', name: 'service-session' }, bearer: { type: 'http', scheme: 'bearer' } });
  });

  it('describes only /api/ paths, and not itself', () => {
    const paths = Object.keys(doc.paths);
    expect(paths.length).toBeGreaterThan(0);
    for (const path of paths) expect(path.startsWith('/api/')).toBe(true);
    expect(paths).not.toContain('/api/openapi.json');
  });

  it('lists every operation of the accounts, administration and platform areas', () => {
    const listed = new Set(operations().map((o) => `${o.method.toUpperCase()} ${o.path}`));
    const oauth = ['networkA', 'networkB', 'networkC', 'networkD', 'codehost'].flatMap((p) => [
      `GET /api/auth/${p}/authorize`,
      `GET /api/auth/${p}/callback`,
    ]);
    for (const op of [
      'GET /api/health',
      'POST /api/analytics/ingest',
      'GET /api/user',
      'PATCH /api/user',
      'POST /api/user/email',
      'GET /api/user/identities',
      ...['register', 'login', 'logout', 'sync-token', 'forgot-password', 'reset-password', 'verify-email', 'verify-email-change', 'send-verification-email', 'switch', 'remove-account'].map((a) => `POST /api/auth/${a}`),
      'GET /api/auth/accounts',
      ...oauth,
      'GET /api/auth/networkC/org-authorize',
      'GET /api/auth/networkC/org-callback',
      'GET /api/auth/networkC/status',
      'GET /api/auth/networkD/status',
      'GET /api/admin/users',
      'POST /api/admin/users',
      'PUT /api/admin/users/{userId}',
      'DELETE /api/admin/users/{userId}',
      'POST /api/admin/users/{userId}/password',
      'PATCH /api/admin/users/bulk-clearance',
      'PATCH /api/admin/users/bulk-account-status',
      'POST /api/admin/users/bulk-delete',
      'PATCH /api/admin/users/bulk-status',
      'GET /api/admin/email-logs',
      'GET /api/architecture-aggregates/schema',
      'GET /api/architecture-aggregates/{table}',
    ]) {
      expect(listed.has(op), op).toBe(true);
    }
  });

  it('every operation has a summary, tags and a 2xx response with a content schema (or is a redirect or 204)', () => {
    const missing: string[] = [];
    for (const { method, path, op } of operations()) {
      const name = `${method.toUpperCase()} ${path}`;
      if (typeof op.summary !== 'string' || op.summary === '') missing.push(`${name}: no summary`);
      if (!Array.isArray(op.tags) || op.tags.length === 0) missing.push(`${name}: no tags`);
      const statuses = Object.keys(op.responses ?? {});
      const ok = statuses.some((s) => (/^2\d\d$/.test(s) && s !== '204' && hasSchema(op.responses[s].content)) || s === '204' || /^3\d\d$/.test(s));
      if (!ok) missing.push(`${name}: no 2xx response schema`);
    }
    expect(missing).toEqual([]);
  });

  it('every request body is described by a schema, and the body-taking operations have one', () => {
    const missing: string[] = [];
    for (const { method, path, op } of operations()) {
      if (op.requestBody && !hasSchema(op.requestBody.content)) missing.push(`${method.toUpperCase()} ${path}`);
    }
    expect(missing).toEqual([]);
    for (const [method, path] of [
      ['post', '/api/analytics/ingest'],
      ['patch', '/api/user'],
      ['post', '/api/user/email'],
    ]) {
      const body = doc.paths[path][method].requestBody;
      expect(hasSchema(body?.content), `${method} ${path}`).toBe(true);
      expect(body.content['application/json'].schema.additionalProperties).toBe(false);
    }
  });

  it('every error response of the current-user operations is the error model', () => {
    for (const [method, path] of [
      ['get', '/api/user'],
      ['patch', '/api/user'],
      ['post', '/api/user/email'],
      ['get', '/api/user/identities'],
      ['post', '/api/analytics/ingest'],
    ]) {
      const responses = doc.paths[path][method].responses;
      const errorStatuses = Object.keys(responses).filter((s) => /^[45]\d\d$/.test(s));
      expect(errorStatuses.length, `${method} ${path}`).toBeGreaterThan(0);
      for (const s of errorStatuses) {
        const schema = responses[s].content['application/json'].schema;
        expect(schema.required).toEqual(['error']);
        expect(Object.keys(schema.properties).sort()).toEqual(['code', 'error']);
      }
    }
  });

  it('the current user response lists every documented field', () => {
    const user = doc.paths['/api/user'].get.responses['200'].content['application/json'].schema.properties.user;
    expect(Object.keys(user.properties).sort()).toEqual(
      ['accountStatus', 'avatar', 'bio', 'createdAt', 'customerStatus', 'defaultPubliclyVisible', 'displayName', 'email', 'emailVerified', 'id', 'isPrivate', 'maxMessageLength', 'theme', 'username', 'viewingPreference'],
    );
  });
});

describe('/api-docs', () => {
  it('answers (after any redirect) with the HTML explorer', async () => {
    let url = '/api-docs';
    let res = await t.app.inject({ method: 'GET', url });
    for (let hops = 0; hops < 5 && res.statusCode >= 300 && res.statusCode < 400; hops++) {
      url = new URL(String(res.headers.location), `http://localhost${url}`).pathname;
      res = await t.app.inject({ method: 'GET', url });
    }
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.body).toMatch(/<html/i);
  });

  it('documents a body that may be omitted (logout) as optional, and the others as required', () => {
    expect(doc.paths['/api/auth/logout'].post.requestBody.required).toBe(false);
    expect(doc.paths['/api/auth/login'].post.requestBody.required).toBe(true);
  });
});

