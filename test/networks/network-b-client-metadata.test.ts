import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.js';

// GET /oauth/client-metadata.json: the networkB client id document (Public).

let t: TestApp | null = null;
afterEach(async () => {
  await t?.close();
  t = null;
});

describe('GET /oauth/client-metadata.json', () => {
  it('is the client id document on an https PUBLIC_URL', async () => {
    t = await createTestApp({ smtp: false, env: { PUBLIC_URL: 'https://lists.example.org' } });
    const res = await t.app.inject({ method: 'GET', url: '/oauth/client-metadata.json' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.json()).toEqual({
      client_id: 'https://lists.example.org/oauth/client-metadata.json',
      client_name: 'Social Lists',
      client_uri: 'https://lists.example.org',
      redirect_uris: ['https://lists.example.org/api/auth/networkB/callback'],
      scope: 'atproto transition:generic',
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      application_type: 'web',
      token_endpoint_auth_method: 'none',
      dpop_bound_access_tokens: true,
    });
  });

  it('describes the loopback development client on a plain-http PUBLIC_URL', async () => {
    t = await createTestApp({ smtp: false });
    const res = await t.app.inject({ method: 'GET', url: '/oauth/client-metadata.json' });
    expect(res.statusCode).toBe(200);
    const redirect = 'http://127.0.0.1:3000/api/auth/networkB/callback';
    expect(res.json()).toMatchObject({
      client_id: `http://localhost?redirect_uri=${encodeURIComponent(redirect)}&scope=atproto+transition%3Ageneric`,
      redirect_uris: [redirect],
      application_type: 'native',
    });
    expect(res.json()).not.toHaveProperty('client_uri');
  });
});
