import { OutboundRefusedError } from '../../adapters/outbound-fetch/index.js';
import { badRequest } from '../../http/errors.js';
import { AppState } from '../../runtime/state.js';
import type { AppContext } from '../../runtime/types.js';
import { locate } from './geo.js';
import { upstreamError } from './upstream.js';
import { describeWeatherCode } from './wmo-codes.js';

// Current weather from Open-Meteo's forecast API (no key), through the guarded outbound fetcher.
// Coordinates are rounded to 2 decimals (about 1 km) before anything else: that is what is asked
// for, answered and cached, so nearby callers share one upstream call per 10 minutes and the
// upstream never sees a caller's exact position.

export interface Weather {
  latitude: number;
  longitude: number;
  temperature: number;
  apparentTemperature: number;
  weatherCode: number;
  description: string;
  windSpeed: number;
  isDay: boolean;
  time: string;
  units: { temperature: '°C'; windSpeed: 'km/h' };
}

export const WEATHER_CACHE_TTL_MS = 10 * 60_000;
/** Rounded coordinates kept at most; the oldest goes first. */
const WEATHER_CACHE_ENTRIES = 10_000;
const CURRENT_FIELDS = 'temperature_2m,apparent_temperature,weather_code,wind_speed_10m,is_day';

interface CacheEntry {
  expiresAt: number;
  weather: Promise<Weather>;
}

/** Answers (and calls in flight) by rounded coordinate, per app. */
export const weatherCache = new AppState('utilities.weather-cache', () => new Map<string, CacheEntry>());

/** The weather at (lat, lon), or at the caller's address when neither is given. */
export async function weatherFor(ctx: AppContext, callerIp: string, lat: number | undefined, lon: number | undefined): Promise<Weather> {
  if ((lat === undefined) !== (lon === undefined)) throw badRequest('lat and lon are given together', 'bad_request');
  if (lat === undefined || lon === undefined) {
    const here = await locate(ctx, callerIp);
    if (here.latitude === null || here.longitude === null) {
      throw badRequest('No location is known for this address: give lat and lon', 'location_required');
    }
    return cachedWeather(ctx, round2(here.latitude), round2(here.longitude));
  }
  return cachedWeather(ctx, round2(lat), round2(lon));
}

function round2(value: number): number {
  // + 0 turns -0 into 0, so -0.001 and 0.001 share a key and a query parameter.
  return Math.round(value * 100) / 100 + 0;
}

function cachedWeather(ctx: AppContext, latitude: number, longitude: number): Promise<Weather> {
  const cache = ctx.state(weatherCache);
  const key = `${latitude.toFixed(2)},${longitude.toFixed(2)}`;
  const now = ctx.clock.now().getTime();
  const hit = cache.get(key);
  if (hit && hit.expiresAt > now) return hit.weather;
  const weather = fetchWeather(ctx, latitude, longitude);
  // A failure is not remembered: the next request asks again.
  weather.catch(() => {
    if (cache.get(key)?.weather === weather) cache.delete(key);
  });
  cache.delete(key);
  cache.set(key, { expiresAt: now + WEATHER_CACHE_TTL_MS, weather });
  if (cache.size > WEATHER_CACHE_ENTRIES) cache.delete(cache.keys().next().value as string);
  return weather;
}

async function fetchWeather(ctx: AppContext, latitude: number, longitude: number): Promise<Weather> {
  const url = new URL(ctx.config.utilities.weatherApiUrl);
  url.search = new URLSearchParams({
    latitude: latitude.toFixed(2),
    longitude: longitude.toFixed(2),
    current: CURRENT_FIELDS,
    temperature_unit: 'celsius',
    wind_speed_unit: 'kmh',
    timeformat: 'unixtime',
    timezone: 'GMT',
  }).toString();
  let body: Buffer;
  try {
    const response = await ctx.outbound.guardedFetch(url, { headers: { accept: 'application/json' } });
    if (response.status !== 200) throw upstreamError(`The weather service answered ${response.status}`);
    body = response.body;
  } catch (err) {
    throw err instanceof OutboundRefusedError ? upstreamError(`The weather service could not be reached: ${err.message}`) : err;
  }
  const current = currentOf(body);
  const time = new Date(current.time * 1000);
  if (Number.isNaN(time.getTime())) throw upstreamError('The weather service answered an impossible time');
  return {
    latitude,
    longitude,
    temperature: current.temperature_2m,
    apparentTemperature: current.apparent_temperature,
    weatherCode: current.weather_code,
    description: describeWeatherCode(current.weather_code),
    windSpeed: current.wind_speed_10m,
    isDay: current.is_day === 1,
    time: time.toISOString(),
    units: { temperature: '°C', windSpeed: 'km/h' },
  };
}

interface Current {
  time: number;
  temperature_2m: number;
  apparent_temperature: number;
  weather_code: number;
  wind_speed_10m: number;
  is_day: number;
}

/** The `current` block of an Open-Meteo answer, every field a finite number; 502 otherwise. */
function currentOf(body: Buffer): Current {
  let parsed: unknown;
  try {
    parsed = JSON.parse(body.toString('utf8'));
  } catch {
    throw upstreamError('The weather service answered something that is not JSON');
  }
  const current = (parsed as { current?: Record<string, unknown> } | null)?.current;
  const fields = ['time', 'temperature_2m', 'apparent_temperature', 'weather_code', 'wind_speed_10m', 'is_day'] as const;
  if (!current || fields.some((f) => typeof current[f] !== 'number' || !Number.isFinite(current[f]))) {
    throw upstreamError('The weather service answered without the current weather');
  }
  return current as unknown as Current;
}
