import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { LoopbackPages } from '../helpers/loopback-pages.js';
import { call, expectError, member, type Member } from '../messages/helpers.js';

// The weather helper against a loopback stand-in of Open-Meteo's forecast API (127.0.0.2, listed
// in ALLOWED_PRIVATE_ADDRESSES) that checks the query as Open-Meteo reads it: it answers 400 with
// Open-Meteo's error body to anything else than what the service must send.

const CURRENT = ['temperature_2m', 'apparent_temperature', 'weather_code', 'wind_speed_10m', 'is_day'];
const OBSERVED = Date.UTC(2026, 10, 26, 12, 15) / 1000;

let mode: 'ok' | 'error' | 'not-json' | 'no-current' | 'slow' = 'ok';
const asked: URLSearchParams[] = [];

const standIn = new LoopbackPages('127.0.0.2', {
  '/v1/forecast': (req, res) => {
    const q = new URL(req.url ?? '/', 'http://x').searchParams;
    asked.push(q);
    const problem =
      req.method !== 'GET' ? 'method'
      : !/^-?\d{1,3}\.\d{2}$/.test(q.get('latitude') ?? '') || Math.abs(Number(q.get('latitude'))) > 90 ? 'latitude'
      : !/^-?\d{1,3}\.\d{2}$/.test(q.get('longitude') ?? '') || Math.abs(Number(q.get('longitude'))) > 180 ? 'longitude'
      : [...CURRENT].sort().join() !== (q.get('current') ?? '').split(',').sort().join() ? 'current'
      : q.get('temperature_unit') !== 'celsius' || q.get('wind_speed_unit') !== 'kmh' ? 'units'
      : q.get('timeformat') !== 'unixtime' ? 'timeformat'
      : q.has('apikey') ? 'apikey'
      : null;
    if (problem) {
      res.writeHead(400, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: true, reason: `Invalid ${problem}` }));
      return;
    }
    if (mode === 'slow') return;
    if (mode === 'error') {
      res.writeHead(503, { 'content-type': 'text/plain' });
      res.end('down');
      return;
    }
    res.writeHead(200, { 'content-type': 'application/json' });
    if (mode === 'not-json') return res.end('<html>maintenance</html>');
    if (mode === 'no-current') return res.end(JSON.stringify({ latitude: 1, longitude: 2 }));
    res.end(
      JSON.stringify({
        latitude: Number(q.get('latitude')) + 0.00437,
        longitude: Number(q.get('longitude')) - 0.0012,
        generationtime_ms: 0.03,
        utc_offset_seconds: 0,
        timezone: 'GMT',
        current_units: { time: 'unixtime', interval: 'seconds', temperature_2m: '°C', apparent_temperature: '°C', weather_code: 'wmo code', wind_speed_10m: 'km/h', is_day: '' },
        current: { time: OBSERVED, interval: 900, temperature_2m: 7.4, apparent_temperature: 4.1, weather_code: 61, wind_speed_10m: 13.7, is_day: 1 },
      }),
    );
  },
});
const inside = new LoopbackPages('127.0.0.1', {});

let t: TestApp;
let ada: Member;

const weather = (query: string, who: Member | null = ada, remoteAddress = '127.0.0.1') =>
  t.app.inject({ method: 'GET', url: `/api/weather${query}`, remoteAddress, headers: who ? { cookie: who.cookie } : {} });

beforeAll(async () => {
  await standIn.start();
  await inside.start();
  t = await createTestApp({
    smtp: false,
    env: { WEATHER_API_URL: standIn.url('/v1/forecast'), ALLOWED_PRIVATE_ADDRESSES: '127.0.0.2/32', OUTBOUND_FETCH_TIMEOUT_MS: '1500' },
  });
  ada = await member(t);
});
afterAll(async () => {
  await t.close();
  await standIn.stop();
  await inside.stop();
});
beforeEach(() => {
  mode = 'ok';
  asked.length = 0;
  // Past the cache of the previous test.
  t.clock.advance(11 * 60_000);
});

describe('the current weather at given coordinates', () => {
  it('asks for the coordinates rounded to 2 decimals and answers the contract’s shape', async () => {
    const res = await weather('?lat=52.5219&lon=13.4132');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      weather: {
        latitude: 52.52,
        longitude: 13.41,
        temperature: 7.4,
        apparentTemperature: 4.1,
        weatherCode: 61,
        description: 'Slight rain',
        windSpeed: 13.7,
        isDay: true,
        time: '2026-11-26T12:15:00.000Z',
        units: { temperature: '°C', windSpeed: 'km/h' },
      },
    });
    expect(asked).toHaveLength(1);
    expect(asked[0].get('latitude')).toBe('52.52');
    expect(asked[0].get('longitude')).toBe('13.41');
  });

  it('negative and near-zero coordinates round without a minus zero; the extremes are taken', async () => {
    expect((await weather('?lat=-0.001&lon=-0.004')).json().weather).toMatchObject({ latitude: 0, longitude: 0 });
    expect(asked[0].get('latitude')).toBe('0.00');
    expect(asked[0].get('longitude')).toBe('0.00');
    expect((await weather('?lat=-33.8688&lon=151.2093')).json().weather).toMatchObject({ latitude: -33.87, longitude: 151.21 });
    expect((await weather('?lat=90&lon=-180')).statusCode).toBe(200);
    expect(asked.map((q) => q.get('latitude'))).toEqual(['0.00', '-33.87', '90.00']);
  });

  it('a Bearer token works too', async () => {
    expect((await call(t, ada, 'GET', '/api/weather?lat=1&lon=2', undefined, true)).statusCode).toBe(200);
  });
});

describe('the cache: 10 minutes per rounded coordinate', () => {
  it('nearby coordinates that round alike share one upstream call until 10 minutes have passed', async () => {
    const first = await weather('?lat=48.8566&lon=2.3522');
    expect((await weather('?lat=48.8649&lon=2.3450')).json()).toEqual(first.json());
    const bob = await member(t);
    expect((await weather('?lat=48.86&lon=2.35', bob)).statusCode).toBe(200);
    expect(asked).toHaveLength(1);
    // Another rounded coordinate is another entry.
    await weather('?lat=48.87&lon=2.35');
    expect(asked).toHaveLength(2);
    t.clock.advance(9 * 60_000);
    await weather('?lat=48.86&lon=2.35');
    expect(asked).toHaveLength(2);
    t.clock.advance(60_000);
    await weather('?lat=48.86&lon=2.35');
    expect(asked).toHaveLength(3);
  });

  it('simultaneous requests for one coordinate make one upstream call', async () => {
    const answers = await Promise.all([weather('?lat=10&lon=10'), weather('?lat=10.001&lon=10.002'), weather('?lat=9.999&lon=10')]);
    expect(answers.map((r) => r.statusCode)).toEqual([200, 200, 200]);
    expect(asked).toHaveLength(1);
  });
});

describe('without coordinates: where the caller is', () => {
  it('the caller’s geolocation, rounded', async () => {
    const res = await weather('', ada, '81.2.69.160');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().weather).toMatchObject({ latitude: 51.4, longitude: -0.76 });
    expect(asked[0].get('latitude')).toBe('51.40');
    expect(asked[0].get('longitude')).toBe('-0.76');
  });

  it('no location known (loopback, private, unknown to the database): 400 location_required, nothing asked', async () => {
    for (const address of ['127.0.0.1', '10.0.0.7', '::1', '1.1.1.1']) expectError(await weather('', ada, address), 400, 'location_required');
    expect(asked).toEqual([]);
  });
});

describe('refused input', () => {
  it('anonymous: 401', async () => {
    expectError(await weather('?lat=1&lon=2', null), 401);
  });

  it.each(['?lat=91&lon=0', '?lat=-90.5&lon=0', '?lat=0&lon=180.01', '?lat=0&lon=-181', '?lat=abc&lon=1', '?lat=1&lon=', '?lat=1', '?lon=1', '?lat=NaN&lon=1', '?lat=Infinity&lon=1'])(
    '%s: 400, nothing asked',
    async (query) => {
      expectError(await weather(query), 400);
      expect(asked).toEqual([]);
    },
  );
});

describe('upstream failures: 502 upstream_error, not cached', () => {
  it.each(['error', 'not-json', 'no-current', 'slow'] as const)('%s', async (failure) => {
    mode = failure;
    expectError(await weather('?lat=20&lon=20'), 502, 'upstream_error');
    mode = 'ok';
    expect((await weather('?lat=20&lon=20')).statusCode).toBe(200);
    expect(asked).toHaveLength(2);
  });

  it('a WEATHER_API_URL on an address the guard refuses: 502, and it is never reached', async () => {
    const other = await createTestApp({ smtp: false, env: { WEATHER_API_URL: inside.url('/v1/forecast') } });
    try {
      const bob = await member(other);
      const res = await other.app.inject({ method: 'GET', url: '/api/weather?lat=1&lon=1', headers: { cookie: bob.cookie } });
      expectError(res, 502, 'upstream_error');
      expect(inside.hits).toEqual([]);
    } finally {
      await other.close();
    }
  });
});

describe('WEATHER_API_URL', () => {
  it('defaults to Open-Meteo’s public forecast endpoint; anything but an http(s) URL stops the start naming it', () => {
    expect(loadConfig({}).utilities.weatherApiUrl).toBe('https://api.open-meteo.com/v1/forecast');
    expect(() => loadConfig({ WEATHER_API_URL: 'ftp://weather.example/v1/forecast' })).toThrow(/WEATHER_API_URL/);
    expect(() => loadConfig({ WEATHER_API_URL: 'not a url' })).toThrow(/WEATHER_API_URL/);
  });
});
