import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config.js';

describe('loadConfig', () => {
  it('applies the documented defaults with an empty environment', () => {
    const c = loadConfig({});
    expect(c.port).toBe(3000);
    expect(c.host).toBe('127.0.0.1');
    expect(c.database).toEqual({ engine: 'sqlite', filename: './data/service.db' });
    expect(c.dataDir).toBe('./data');
    expect(c.publicUrl).toBe('http://localhost:3000');
    expect(c.cronSecret).toBeNull();
    expect(c.scheduler).toBe(true);
    expect(c.smtpUrl).toBeNull();
    expect(c.mailFrom).toBe('Social Lists <no-reply@localhost>');
    expect(c.admin).toBeNull();
    expect(c.accountStatusEnforcement).toBe(true);
    expect(c.ai).toEqual({ provider: null, apiKey: null, baseUrl: null, model: null, timeoutMs: 60_000 });
    expect(c.logLevel).toBe('info');
    expect(c.trustProxy).toBe(false);
    expect(Object.values(c.oauth).every((v) => v === null)).toBe(true);
  });

  it('reads every variable of the contract table', () => {
    const c = loadConfig({
      PORT: '0',
      HOST: '0.0.0.0',
      DATABASE_URL: 'postgres://u:p@db.internal:5433/app',
      DATA_DIR: '/var/lib/sl',
      PUBLIC_URL: 'https://lists.example.com/',
      CRON_SECRET: 's3cret',
      SCHEDULER: 'off',
      SMTP_URL: 'smtp://u:p@127.0.0.1:2525',
      MAIL_FROM: 'X <x@example.com>',
      ADMIN_EMAIL: 'root@example.com',
      ADMIN_USERNAME: 'root',
      ADMIN_PASSWORD: 'longenough',
      ACCOUNT_STATUS_ENFORCEMENT: 'false',
      AI_PROVIDER: 'anthropic',
      AI_API_KEY: 'k',
      AI_BASE_URL: 'http://127.0.0.1:9999',
      AI_MODEL: 'm',
      LOG_LEVEL: 'warn',
      TRUST_PROXY: '2',
    });
    expect(c.port).toBe(0);
    expect(c.host).toBe('0.0.0.0');
    expect(c.database).toEqual({ engine: 'postgres', url: 'postgres://u:p@db.internal:5433/app' });
    expect(c.dataDir).toBe('/var/lib/sl');
    expect(c.publicUrl).toBe('https://lists.example.com');
    expect(c.cronSecret).toBe('s3cret');
    expect(c.scheduler).toBe(false);
    expect(c.smtpUrl).toBe('smtp://u:p@127.0.0.1:2525');
    expect(c.mailFrom).toBe('X <x@example.com>');
    expect(c.admin).toEqual({ email: 'root@example.com', username: 'root', password: 'longenough' });
    expect(c.accountStatusEnforcement).toBe(false);
    expect(c.ai).toEqual({ provider: 'anthropic', apiKey: 'k', baseUrl: 'http://127.0.0.1:9999', model: 'm', timeoutMs: 60_000 });
    expect(c.logLevel).toBe('warn');
    expect(c.trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 127.0.0.1' }).trustProxy).toBe('10.0.0.0/8,127.0.0.1');
    expect(loadConfig({ DATABASE_URL: 'sqlite::memory:' }).database).toEqual({ engine: 'sqlite', filename: ':memory:' });
    expect(loadConfig({ DATABASE_URL: 'postgres://db/app', DATABASE_POOL_SIZE: '24' }).database).toEqual({ engine: 'postgres', url: 'postgres://db/app', poolSize: 24 });
    expect(loadConfig({ DATABASE_URL: 'postgres://db/app' }).database).toEqual({ engine: 'postgres', url: 'postgres://db/app' });
    expect(loadConfig({ PORT: '8080' }).publicUrl).toBe('http://localhost:8080');
  });

  it.each([
    [{ PORT: 'abc' }, 'PORT'],
    [{ PORT: '70000' }, 'PORT'],
    [{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL'],
    [{ DATABASE_URL: 'postgres://' }, 'DATABASE_URL'],
    [{ DATABASE_URL: 'sqlite:' }, 'DATABASE_URL'],
    [{ DATABASE_POOL_SIZE: '0' }, 'DATABASE_POOL_SIZE'],
    [{ DATABASE_POOL_SIZE: 'many' }, 'DATABASE_POOL_SIZE'],
    [{ SCHEDULER: 'maybe' }, 'SCHEDULER'],
    [{ SMTP_URL: 'http://x' }, 'SMTP_URL'],
    [{ ACCOUNT_STATUS_ENFORCEMENT: 'perhaps' }, 'ACCOUNT_STATUS_ENFORCEMENT'],
    [{ AI_PROVIDER: 'other' }, 'AI_PROVIDER'],
    [{ AI_BASE_URL: 'not a url' }, 'AI_BASE_URL'],
    [{ PUBLIC_URL: 'ftp://x' }, 'PUBLIC_URL'],
    [{ LOG_LEVEL: 'loud' }, 'LOG_LEVEL'],
    [{ TRUST_PROXY: 'everyone' }, 'TRUST_PROXY'],
    [{ ADMIN_EMAIL: 'a@b.c' }, 'ADMIN_PASSWORD'],
    [{ ADMIN_EMAIL: 'a@b.c', ADMIN_PASSWORD: 'short' }, 'ADMIN_PASSWORD'],
    [{ ADMIN_EMAIL: 'nope', ADMIN_PASSWORD: 'longenough' }, 'ADMIN_EMAIL'],
  ])('rejects %o with one line naming %s', (env, variable) => {
    let error: unknown;
    try {
      loadConfig(env as Record<string, string>);
    } catch (err) {
      error = err;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const message = (error as Error).message;
    expect(message).toContain(variable);
    expect(message).not.toContain('\n');
  });
});

describe('DEFAULT_CUSTOMER_STATUS and LOG_FORMAT', () => {
  it('default to free and auto', () => {
    const c = loadConfig({});
    expect(c.defaultCustomerStatus).toBe('free');
    expect(c.logFormat).toBe('auto');
  });

  it.each(['free', 'subscriber', 'subscriber:monthly', 'subscriber:annual'])('DEFAULT_CUSTOMER_STATUS=%s is one of the spec’s tiers', (tier) => {
    expect(loadConfig({ DEFAULT_CUSTOMER_STATUS: tier }).defaultCustomerStatus).toBe(tier);
  });

  it.each(['json', 'pretty', 'auto'])('LOG_FORMAT=%s', (format) => {
    expect(loadConfig({ LOG_FORMAT: format }).logFormat).toBe(format);
  });

  it.each([
    [{ DEFAULT_CUSTOMER_STATUS: 'premium' }, 'DEFAULT_CUSTOMER_STATUS', 'free, subscriber, subscriber:monthly, subscriber:annual'],
    [{ DEFAULT_CUSTOMER_STATUS: 'Subscriber' }, 'DEFAULT_CUSTOMER_STATUS', 'free, subscriber'],
    [{ LOG_FORMAT: 'xml' }, 'LOG_FORMAT', 'auto, json, pretty'],
  ])('refuses %o with one line naming %s and what it may be', (env, variable, allowed) => {
    let error: unknown;
    try {
      loadConfig(env);
    } catch (err) {
      error = err;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const message = (error as Error).message;
    expect(message).toContain(variable);
    expect(message).toContain(allowed);
    expect(message).not.toContain('\n');
  });
});
