import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OutboundRefusedError } from '../../src/adapters/outbound-fetch/index.js';
import { ConfigError, loadConfig } from '../../src/config.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { LoopbackPages } from '../helpers/loopback-pages.js';

// The fetcher as the configuration builds it into every app's context (ctx.outbound), with the
// system's resolver: ALLOWED_PRIVATE_ADDRESSES opens exactly what it lists.

describe('outbound fetch configuration', () => {
  it('defaults: nothing private allowed, 10 s, 2 MB', () => {
    expect(loadConfig({}).outbound).toEqual({ allowedPrivateAddresses: [], timeoutMs: 10_000, maxBytes: 2 * 1024 * 1024 });
  });

  it('reads ALLOWED_PRIVATE_ADDRESSES as addresses and CIDR ranges, normalised', () => {
    const c = loadConfig({
      ALLOWED_PRIVATE_ADDRESSES: ' 127.0.0.2 , 10.1.0.0/16,fd00::/8, ::1,,',
      OUTBOUND_FETCH_TIMEOUT_MS: '2500',
      OUTBOUND_FETCH_MAX_BYTES: '1048576',
    });
    expect(c.outbound).toEqual({
      allowedPrivateAddresses: ['127.0.0.2/32', '10.1.0.0/16', 'fd00::/8', '::1/128'],
      timeoutMs: 2500,
      maxBytes: 1048576,
    });
  });

  it.each([
    ['ALLOWED_PRIVATE_ADDRESSES', 'localhost', 'must be comma-separated IP addresses or CIDR ranges (got "localhost")'],
    ['ALLOWED_PRIVATE_ADDRESSES', '127.0.0.2,10.0.0.0/33', 'must be comma-separated IP addresses or CIDR ranges (got "10.0.0.0/33")'],
    ['ALLOWED_PRIVATE_ADDRESSES', '10.0.0.0/x', 'must be comma-separated IP addresses or CIDR ranges (got "10.0.0.0/x")'],
    ['OUTBOUND_FETCH_TIMEOUT_MS', '0', 'must be an integer from 1 to 300000 (got "0")'],
    ['OUTBOUND_FETCH_TIMEOUT_MS', '1.5', 'must be an integer from 1 to 300000 (got "1.5")'],
    ['OUTBOUND_FETCH_TIMEOUT_MS', '300001', 'must be an integer from 1 to 300000 (got "300001")'],
    ['OUTBOUND_FETCH_MAX_BYTES', 'lots', 'must be an integer from 1 to 104857600 (got "lots")'],
  ])('%s=%s stops the start', (name, value, why) => {
    expect(() => loadConfig({ [name]: value })).toThrow(new ConfigError(`Invalid configuration: ${name} ${why}`));
  });

  it('accepts the limits at their bounds', () => {
    const c = loadConfig({ OUTBOUND_FETCH_TIMEOUT_MS: '300000', OUTBOUND_FETCH_MAX_BYTES: '1' });
    expect([c.outbound.timeoutMs, c.outbound.maxBytes]).toEqual([300_000, 1]);
  });
});

describe('ctx.outbound', () => {
  let site: LoopbackPages;
  let open: TestApp;
  let closed: TestApp;

  beforeAll(async () => {
    site = await new LoopbackPages('127.0.0.2', {
      '/': (_req, res) => res.writeHead(200, { 'content-type': 'text/html' }).end('<title>Stand-in</title><p>Public page</p>'),
    }).start();
    open = await createTestApp({ smtp: false, env: { ALLOWED_PRIVATE_ADDRESSES: '127.0.0.2' } });
    closed = await createTestApp({ smtp: false });
  });

  afterAll(async () => {
    await open?.close();
    await closed?.close();
    await site?.stop();
  });

  it('reaches a listed address, with the service as its user agent', async () => {
    const page = await open.app.ctx.outbound.fetchReadableText(site.url('/'));
    expect(page).toEqual({ url: site.url('/'), title: 'Stand-in', text: 'Public page', contentType: 'text/html', truncated: false });
    expect(site.hits[0].headers['user-agent']).toBe('SocialListsService/0.1 (+http://localhost:3000)');
  });

  it('refuses the same address when it is not listed, and localhost through the system resolver', async () => {
    const hits = site.hits.length;
    for (const app of [open, closed]) {
      const err = await app.app.ctx.outbound.guardedFetch(`http://localhost:${site.port}/`).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(OutboundRefusedError);
      expect((err as OutboundRefusedError).reason).toBe('address');
    }
    const err = await closed.app.ctx.outbound.guardedFetch(site.url('/')).catch((e: unknown) => e);
    expect((err as OutboundRefusedError).reason).toBe('address');
    expect(site.hits.length).toBe(hits);
  });
});
