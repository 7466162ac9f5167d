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

/** Follows a local `$ref` into components. */
function deref(schema: any): any {
  if (schema?.$ref) {
    const name = String(schema.$ref).replace('#/components/schemas/', '');
    const target = doc.components.schemas[name];
    if (!target) throw new Error(`unresolved $ref ${schema.$ref}`);
    return deref(target);
  }
  return schema;
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

  it('a multipart body (uploads, the CSV import) is documented with its file part', () => {
    for (const [method, path] of [
      ['post', '/api/messages/images/upload'],
      ['post', '/api/messages/videos/upload'],
      ['post', '/api/documents/{id}/images/upload'],
      ['post', '/api/lists/{id}/import'],
    ]) {
      const body = doc.paths[path][method].requestBody;
      expect(body?.required, `${method} ${path}`).toBe(true);
      expect(body.content['multipart/form-data'].schema).toMatchObject({ required: ['file'], properties: { file: { type: 'string', format: 'binary' } } });
    }
  });

  it('no parameter is required that the service defaults (a generated client would force callers to send it)', () => {
    const wrong: string[] = [];
    for (const { method, path, op } of operations()) {
      for (const p of op.parameters ?? []) {
        if (p.required && p.schema?.default !== undefined) wrong.push(`${method.toUpperCase()} ${path} ${p.in} ${p.name}`);
      }
    }
    expect(wrong).toEqual([]);
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
        expect(responses[s].content['application/json'].schema.$ref).toBe('#/components/schemas/Error');
        const schema = deref(responses[s].content['application/json'].schema);
        expect(schema.required).toEqual(['error']);
        // `errors` lists every problem of invalid input (validation_failed) or a unique clash.
        expect(Object.keys(schema.properties).sort()).toEqual(['code', 'error', 'errors']);
      }
    }
  });

  it('the current user response lists every documented field', () => {
    const user = deref(doc.paths['/api/user'].get.responses['200'].content['application/json'].schema.properties.user);
    expect(Object.keys(user.properties).sort()).toEqual(
      ['accountStatus', 'avatar', 'bio', 'createdAt', 'customerStatus', 'defaultPubliclyVisible', 'displayName', 'email', 'emailVerified', 'id', 'isPrivate', 'maxMessageLength', 'theme', 'username', 'viewingPreference'],
    );
  });
});

describe('the conventions clients build on', () => {
  it('every operation has a unique camelCase operationId and explicit security', () => {
    const ids = new Set<string>();
    for (const { method, path, op } of operations()) {
      const name = `${method.toUpperCase()} ${path}`;
      expect(op.operationId, name).toMatch(/^[a-z][A-Za-z0-9]+$/);
      expect(ids.has(op.operationId), `${name}: duplicate ${op.operationId}`).toBe(false);
      ids.add(op.operationId);
      expect(Array.isArray(op.security), `${name}: security`).toBe(true);
    }
    expect(doc.paths['/api/auth/login'].post.security).toEqual([]);
    expect(doc.paths['/api/health'].get.security).toEqual([]);
    expect(doc.paths['/api/user'].get.security).toEqual([{ session: [] }, { bearer: [] }]);
    expect(doc.paths['/api/user/identities'].get.security).toEqual([{ session: [] }]);
  });

  it('names the shared shapes as components and references them', () => {
    for (const name of ['User', 'CurrentUser', 'AdminUser', 'UserSummary', 'Error', 'Pagination', 'EmailLogEntry']) {
      expect(doc.components.schemas[name], name).toBeTypeOf('object');
    }
    expect(doc.paths['/api/auth/login'].post.responses['200'].content['application/json'].schema.properties.user).toEqual({ $ref: '#/components/schemas/User' });
    const list = doc.paths['/api/admin/users'].get.responses['200'].content['application/json'].schema.properties;
    expect(list.users.items).toEqual({ $ref: '#/components/schemas/AdminUser' });
    expect(list.pagination).toEqual({ $ref: '#/components/schemas/Pagination' });
  });

  it('describes every response in words, never "Default Response"', () => {
    for (const { method, path, op } of operations()) {
      for (const [status, response] of Object.entries<any>(op.responses)) {
        expect(response.description, `${method} ${path} ${status}`).toBeTypeOf('string');
        expect(response.description, `${method} ${path} ${status}`).not.toBe('Default Response');
      }
    }
  });

  it('gives dates format date-time, e-mails format email, and enumerations as plain enum lists', () => {
    const user = doc.components.schemas.User.properties;
    expect(user.createdAt.format).toBe('date-time');
    expect(user.email.format).toBe('email');
    const current = doc.components.schemas.CurrentUser.properties;
    expect(current.accountStatus.enum).toEqual(['probation', 'active', 'restricted', 'suspended', 'banned']);
    expect(current.viewingPreference.enum).toEqual(['all', 'following']);
    // No anyOf made of constants anywhere: enumerations are `enum`.
    const text = JSON.stringify(doc);
    expect(text).not.toMatch(/"anyOf":\[\{"const"/);
  });

  it('documents Idempotency-Key on every write, x-request-id on every response, Retry-After on every 429, 413 on every body', () => {
    expect(doc.components.parameters.IdempotencyKey).toMatchObject({ name: 'Idempotency-Key', in: 'header' });
    for (const { method, path, op } of operations()) {
      const name = `${method.toUpperCase()} ${path}`;
      const params = (op.parameters ?? []).map((p: any) => p.$ref ?? p.name);
      const write = ['post', 'put', 'patch', 'delete'].includes(method);
      expect(params.includes('#/components/parameters/IdempotencyKey'), name).toBe(write);
      for (const [status, response] of Object.entries<any>(op.responses)) {
        expect(response.headers?.['x-request-id'], `${name} ${status}`).toEqual({ $ref: '#/components/headers/RequestId' });
        if (status === '429') expect(response.headers['Retry-After'], `${name} 429`).toEqual({ $ref: '#/components/headers/RetryAfter' });
      }
      if (op.requestBody) expect(op.responses['413'], name).toBeDefined();
    }
    expect(doc.paths['/api/auth/login'].post.responses['429']).toBeDefined();
    expect(doc.paths['/api/auth/login'].post.responses['200'].headers['Set-Cookie']).toEqual({ $ref: '#/components/headers/SetCookie' });
    expect(doc.paths['/api/auth/register'].post.responses['201'].headers['Set-Cookie']).toBeDefined();
  });

  it('has an example for every request body, a relative server (the address it was read from), a description, a license and a contact', () => {
    for (const { method, path, op } of operations()) {
      const media = op.requestBody?.content['application/json'];
      if (media) expect(media.example ?? media.examples, `${method} ${path}`).toBeDefined();
    }
    expect(doc.servers).toEqual([expect.objectContaining({ url: '/' })]);
    expect(doc.info.description.length).toBeGreaterThan(50);
    expect(doc.info.license.name).toBeTypeOf('string');
    expect(doc.info.contact).toBeTypeOf('object');
  });

  it('an authorize endpoint answers JSON with the provider address when asked for JSON', async () => {
    const configured = await createTestApp({
      smtp: false,
      env: { NETWORKD_CLIENT_ID: 'client', NETWORKD_CLIENT_SECRET: 'secret', NETWORKD_AUTH_URL: 'https://provider.test' },
    });
    try {
      const json = await configured.app.inject({ method: 'GET', url: '/api/auth/networkD/authorize', headers: { accept: 'application/json' } });
      expect(json.statusCode).toBe(200);
      const url = new URL(json.json().authorizationUrl);
      expect(url.origin + url.pathname).toBe('https://provider.test/i/oauth2/authorize');
      expect(url.searchParams.get('state')).toBeTruthy();
      // The state is bound to this browser by its HttpOnly cookie.
      expect(json.cookies.some((c) => c.name === 'oauth-browser' && c.httpOnly)).toBe(true);
      const html = await configured.app.inject({ method: 'GET', url: '/api/auth/networkD/authorize', headers: { accept: 'text/html,application/json' } });
      expect(html.statusCode).toBe(302);
    } finally {
      await configured.close();
    }
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

