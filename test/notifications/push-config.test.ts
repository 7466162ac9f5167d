import { generateKeyPairSync } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config.js';

// APNS_*, FCM_* and PUSH_ENVIRONMENT: parsed once, invalid values stop
// the start with one line naming the variable.

const ecKey = generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
const rsaKey = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
const sa = { project_id: 'p', client_email: 'e@p.iam.gserviceaccount.com', private_key: rsaKey, token_uri: 'https://oauth2.example/token' };
const apnsEnv = { APNS_KEY: ecKey, APNS_KEY_ID: 'K', APNS_TEAM_ID: 'T', APNS_TOPIC: 'com.example' };

describe('push configuration', () => {
  it('unset: both providers off, production environment', () => {
    expect(loadConfig({}).push).toEqual({ apns: null, fcm: null, apnsUrl: null, fcmUrl: null, fcmTokenUrl: null, environment: 'production' });
  });

  it('reads the values as text or as file paths, and the overrides', () => {
    const dir = mkdtempSync(join(tmpdir(), 'pushcfg-'));
    try {
      writeFileSync(join(dir, 'key.p8'), ecKey);
      writeFileSync(join(dir, 'sa.json'), JSON.stringify(sa));
      const c = loadConfig({ ...apnsEnv, APNS_KEY: join(dir, 'key.p8'), FCM_SERVICE_ACCOUNT: join(dir, 'sa.json'), APNS_URL: 'https://127.0.0.1:9', FCM_URL: 'http://127.0.0.1:8/', FCM_TOKEN_URL: 'http://127.0.0.1:8/token', PUSH_ENVIRONMENT: 'sandbox' }).push;
      expect(c.apns).toEqual({ key: ecKey, keyId: 'K', teamId: 'T', topic: 'com.example' });
      expect(c.fcm).toEqual({ serviceAccount: sa });
      expect([c.apnsUrl, c.fcmUrl, c.fcmTokenUrl, c.environment]).toEqual(['https://127.0.0.1:9', 'http://127.0.0.1:8', 'http://127.0.0.1:8/token', 'sandbox']);
      expect(loadConfig({ FCM_SERVICE_ACCOUNT: JSON.stringify({ ...sa, token_uri: undefined }) }).push.fcm?.serviceAccount.token_uri).toBe('https://oauth2.googleapis.com/token');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it.each([
    [{ PUSH_ENVIRONMENT: 'staging' }, 'PUSH_ENVIRONMENT'],
    [{ ...apnsEnv, APNS_TOPIC: '' }, 'APNS_TOPIC'],
    [{ APNS_KEY_ID: 'K' }, 'APNS_KEY'],
    [{ ...apnsEnv, APNS_KEY: '/no/such/file.p8' }, 'APNS_KEY'],
    [{ FCM_SERVICE_ACCOUNT: '{not json' }, 'FCM_SERVICE_ACCOUNT'],
    [{ FCM_SERVICE_ACCOUNT: JSON.stringify({ project_id: 'p' }) }, 'FCM_SERVICE_ACCOUNT'],
    [{ FCM_URL: 'ftp://x' }, 'FCM_URL'],
    [{ APNS_URL: 'not a url' }, 'APNS_URL'],
  ])('refuses %j naming %s', (env, variable) => {
    expect(() => loadConfig(env as Record<string, string>)).toThrow(ConfigError);
    expect(() => loadConfig(env as Record<string, string>)).toThrow(variable);
  });
});
