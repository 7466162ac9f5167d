import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config.js';
import { AppError } from '../../src/http/errors.js';
import { resolveReturnTo } from '../../src/http/return-to.js';

// The configuration rows of billing, the metrics token and PUBLIC_ORIGIN_REDIRECTS, and the one
// returnTo rule that billing and the OAuth flows share.

describe('billing, metrics and redirect configuration', () => {
  it('unset: no billing, no metrics token, no extra origins', () => {
    const c = loadConfig({});
    expect(c.billing).toBeNull();
    expect(c.metricsToken).toBeNull();
    expect(c.publicOriginRedirects).toEqual([]);
  });

  it('reads the Stripe rows, the token and the origins (kept as origins)', () => {
    const c = loadConfig({
      STRIPE_SECRET_KEY: 'sk_test_1',
      STRIPE_WEBHOOK_SECRET: 'whsec_1',
      STRIPE_PRICE_MONTHLY: 'price_m',
      STRIPE_API_URL: 'http://127.0.0.1:12111/',
      METRICS_TOKEN: 'tok',
      PUBLIC_ORIGIN_REDIRECTS: 'https://app.example.org/some/path, http://localhost:5173',
    });
    expect(c.billing).toEqual({ secretKey: 'sk_test_1', webhookSecret: 'whsec_1', prices: { monthly: 'price_m', annual: null }, apiUrl: 'http://127.0.0.1:12111' });
    expect(c.metricsToken).toBe('tok');
    expect(c.publicOriginRedirects).toEqual(['https://app.example.org', 'http://localhost:5173']);
  });

  it('refuses a STRIPE_API_URL with a path or of another scheme, and an origin that is not http(s)', () => {
    expect(() => loadConfig({ STRIPE_API_URL: 'http://127.0.0.1:1/v1' })).toThrow(/STRIPE_API_URL/);
    expect(() => loadConfig({ STRIPE_API_URL: 'ftp://127.0.0.1' })).toThrow(ConfigError);
    expect(() => loadConfig({ PUBLIC_ORIGIN_REDIRECTS: 'https://ok.example, javascript:alert(1)' })).toThrow(/PUBLIC_ORIGIN_REDIRECTS/);
    expect(() => loadConfig({ PUBLIC_ORIGIN_REDIRECTS: 'not a url' })).toThrow(ConfigError);
  });
});

describe('resolveReturnTo', () => {
  const config = { publicUrl: 'https://lists.example.com', webUrl: 'https://app.example.org', publicOriginRedirects: ['http://localhost:5173'] };
  const refused = (value: string) => {
    try {
      resolveReturnTo(config, value);
    } catch (err) {
      return err instanceof AppError && err.statusCode === 400 && err.code === 'invalid_return_to';
    }
    return false;
  };

  it('a path on PUBLIC_URL, or an absolute URL on PUBLIC_URL, WEB_URL or an allowed origin', () => {
    expect(resolveReturnTo(config, undefined)).toBe('https://lists.example.com/');
    expect(resolveReturnTo(config, '/settings/billing?tab=1#top')).toBe('https://lists.example.com/settings/billing?tab=1#top');
    expect(resolveReturnTo(config, 'https://app.example.org/x')).toBe('https://app.example.org/x');
    expect(resolveReturnTo(config, 'http://localhost:5173/cb')).toBe('http://localhost:5173/cb');
    expect(resolveReturnTo(config, 'https://lists.example.com/done')).toBe('https://lists.example.com/done');
    expect(resolveReturnTo(config, 'HTTPS://APP.EXAMPLE.ORG/x')).toBe('https://app.example.org/x');
  });

  it('anything else is 400 invalid_return_to', () => {
    for (const value of [
      '',
      '//evil.example',
      '/\\evil.example',
      '\\\\evil.example',
      'https://evil.example/',
      'https://app.example.org.evil.example/',
      'https://app.example.org:8443/',
      'http://app.example.org/',
      'https://user:pw@app.example.org/',
      'javascript:alert(1)',
      'data:text/html,x',
      'settings',
      '/a\tb',
      '/a\nb',
      `/${'x'.repeat(2048)}`,
    ]) {
      expect(refused(value), JSON.stringify(value)).toBe(true);
    }
  });
});
