import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { requireUser } from '../../http/auth.js';
import { matchesEtag } from '../../http/etag.js';
import { hook, requireAdmin } from '../../http/guards.js';
import { described, EITHER_AUTH, errors, OPTIONAL_AUTH } from '../../http/schemas.js';
import { locate, parseIp } from './geo.js';
import { proxyImage, secondsLeft } from './image-proxy.js';
import { GeoLocation, GeoQuery, ImageProxyQuery, WeatherAnswer, WeatherQuery } from './schemas.js';
import { weatherFor } from './weather.js';

// The utility helpers (README, Utility helpers): the image proxy, geolocation and the weather.

const tags = ['utilities'];

const image = (description: string) => ({
  description,
  content: Object.fromEntries(
    ['image/jpeg', 'image/png', 'image/webp'].map((type) => [type, { schema: { type: 'string' as const, format: 'binary', description: 'The re-encoded image' } }]),
  ),
});

/** `?ip=` is for administrators: the guard runs only when it is given (anonymous 401, others 403). */
async function adminWhenIpGiven(request: FastifyRequest): Promise<void> {
  if ((request.query as { ip?: unknown } | undefined)?.ip !== undefined) await requireAdmin(request);
}

export const utilityRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/api/proxy/image',
    {
      preValidation: hook(requireUser),
      schema: {
        operationId: 'proxyImage',
        tags,
        summary: 'An image from another site, fetched by the server and re-encoded',
        description:
          'The server fetches `url` (no private, loopback or otherwise reserved address, however spelt or redirected to), checks by its bytes that it is a JPEG, PNG, WebP or GIF image, and answers it re-encoded: metadata removed, at most `w` (or 1200) px on the longest side, in its own format (a GIF as the PNG of its first frame). Answers are cached for 24 hours by URL and width, carry `ETag` and `Cache-Control`, and a matching `If-None-Match` gets 304. Not an image: 415 `unsupported_media_type`; over 10 MB: 413; a refused address: 400 `invalid_url`; the host failing, timing out or answering an error: 502 `upstream_error`. At most 120 requests a minute per user (429).',
        security: EITHER_AUTH,
        querystring: ImageProxyQuery,
        response: {
          200: image('The image, re-encoded'),
          304: { description: 'Not modified: the ETag matches', type: 'null' },
          ...errors(400, 401, 413, 415, 429, 502),
        },
      },
    },
    async (request, reply) => {
      const { user } = await requireUser(request);
      const proxied = await proxyImage(request.ctx, user.id, request.query.url, request.query.w);
      reply
        .header('etag', proxied.etag)
        .header('cache-control', `private, max-age=${secondsLeft(request.ctx, proxied)}`)
        .header('x-content-type-options', 'nosniff');
      if (matchesEtag(request.headers['if-none-match'], proxied.etag)) return reply.code(304).send();
      return reply.header('content-type', proxied.contentType).header('content-length', proxied.bytes.length).send(proxied.bytes);
    },
  );

  app.get(
    '/api/geo',
    {
      preValidation: hook(adminWhenIpGiven),
      schema: {
        operationId: 'geolocate',
        tags,
        summary: 'Where the caller’s address is (country, region, city, time zone, coordinates)',
        description:
          'From a city database read locally (GeoLite2 City by MaxMind, or the operator’s `GEOIP_DB`); no outside service is asked. The address is the client address (behind a proxy, from `X-Forwarded-For` when `TRUST_PROXY` says so). Unknown, private and loopback addresses answer the same shape with nulls. `ip` locates another address: administrators only (401 anonymous, 403 other accounts); an invalid address is 400 `invalid_ip`.',
        security: OPTIONAL_AUTH,
        querystring: GeoQuery,
        response: { 200: described(GeoLocation, 'Where the address is'), ...errors(400, 401, 403) },
      },
    },
    async (request) => {
      const { ip } = request.query;
      if (ip !== undefined) parseIp(ip);
      return locate(request.ctx, ip ?? request.ip);
    },
  );

  app.get(
    '/api/weather',
    {
      preValidation: hook(requireUser),
      schema: {
        operationId: 'currentWeather',
        tags,
        summary: 'The current weather at a place, or where the caller is',
        description:
          'From Open-Meteo’s forecast API (`WEATHER_API_URL`), asked for the coordinates rounded to 2 decimals and cached 10 minutes per rounded coordinate. Without `lat` and `lon`, the caller’s geolocation; when none is known: 400 `location_required`. Coordinates out of range: 400. The weather service failing or timing out: 502 `upstream_error`.',
        security: EITHER_AUTH,
        querystring: WeatherQuery,
        response: { 200: described(WeatherAnswer, 'The current weather'), ...errors(400, 401, 502) },
      },
    },
    async (request) => {
      await requireUser(request);
      return { weather: await weatherFor(request.ctx, request.ip, request.query.lat, request.query.lon) };
    },
  );
};
