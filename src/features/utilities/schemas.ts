import { Type } from '@sinclair/typebox';
import { DateTime, Nullable, ref } from '../../http/schemas.js';

// Wire shapes of the utility helpers (README, Utility helpers).

export const ImageProxyQuery = Type.Object({
  url: Type.String({ minLength: 1, maxLength: 4096, description: 'The image to fetch: an absolute http or https URL' }),
  w: Type.Optional(Type.Integer({ minimum: 16, maximum: 1200, description: 'Largest side of the answer in pixels (16 to 1200, default 1200); never enlarged' })),
});

export const GeoQuery = Type.Object({
  ip: Type.Optional(Type.String({ minLength: 1, maxLength: 64, description: 'Administrators only: the address to locate instead of the caller’s' })),
});

export const GeoLocation = Type.Object(
  {
    ip: Type.String({ description: 'The address located' }),
    country: Nullable(Type.String({ description: 'ISO 3166-1 alpha-2 code, e.g. US' })),
    region: Nullable(Type.String({ description: 'First-level subdivision (state, province, country of the UK)' })),
    city: Nullable(Type.String()),
    timezone: Nullable(Type.String({ description: 'IANA time zone, e.g. Europe/London' })),
    latitude: Nullable(Type.Number()),
    longitude: Nullable(Type.Number()),
  },
  { $id: 'GeoLocation', description: 'Where an address is, as far as the local city database knows; every field null for unknown, private or loopback addresses' },
);

export const WeatherQuery = Type.Object({
  lat: Type.Optional(Type.Number({ minimum: -90, maximum: 90, description: 'Latitude (with lon); rounded to 2 decimals' })),
  lon: Type.Optional(Type.Number({ minimum: -180, maximum: 180, description: 'Longitude (with lat); rounded to 2 decimals' })),
});

export const Weather = Type.Object(
  {
    latitude: Type.Number({ description: 'The latitude asked for, rounded to 2 decimals' }),
    longitude: Type.Number({ description: 'The longitude asked for, rounded to 2 decimals' }),
    temperature: Type.Number(),
    apparentTemperature: Type.Number(),
    weatherCode: Type.Integer({ description: 'WMO weather interpretation code' }),
    description: Type.String({ description: 'The weather code in words, e.g. Partly cloudy' }),
    windSpeed: Type.Number(),
    isDay: Type.Boolean(),
    time: DateTime({ description: 'When the values were observed (UTC)' }),
    units: Type.Object({ temperature: Type.Literal('°C'), windSpeed: Type.Literal('km/h') }),
  },
  { $id: 'Weather', description: 'The current weather at a place' },
);

export const WeatherAnswer = Type.Object({ weather: ref(Weather) }, { description: 'The current weather' });

export const UTILITY_COMPONENTS = [GeoLocation, Weather];
