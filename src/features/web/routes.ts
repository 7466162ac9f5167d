import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic, { type FastifyStaticOptions } from '@fastify/static';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { MAX_PARAM_LENGTH, uriTooLong } from '../../http/errors.js';
import { itemPage } from './items.js';
import { CLIENT_PATHS, matchClientPath } from './paths.js';
import { escapeHtml, loadShell, sendHtml, type Page, type Shell } from './shell.js';

// The web client, served by the API's own process (docs/web-client.md): the built
// assets from dist/web/client with long cache lifetimes and their pre-compressed twins, and the
// HTML shell for every client path. A path that names nothing, and an item the requester may not
// read, get the same 404 page. /api/…, /api-docs and /metrics stay the API's: the catch-all here
// hands anything under them back to the API's JSON not-found answer.

export const NOT_FOUND_TEXT = 'There is nothing at this address, or it is not visible to you.';
const API_SPACE = /^\/(api|api-docs|metrics)(\/|$)/;
const YEAR_SECONDS = 365 * 24 * 3600;

const notFoundPage = (): Page => ({
  status: 404,
  screen: 'notFound',
  head: { title: 'Page not found' },
  body: `<h1>Page not found</h1><p>${escapeHtml(NOT_FOUND_TEXT)}</p><p><a href="/">Go to the home page</a></p>`,
});

/** What the HTML paths answer while the client is not built: the API itself works regardless. */
export const NOT_BUILT_TEXT = 'The web client has not been built on this server. Run npm run build:web (npm install runs it), then restart the service. The API works meanwhile.';
const NOT_BUILT_HTML = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Web client not built · Social Lists</title></head><body><main><h1>Web client not built</h1><p>${escapeHtml(NOT_BUILT_TEXT)}</p></main></body></html>\n`;

function absolute(request: FastifyRequest, path: string): string {
  return new URL(path, request.server.ctx.config.publicUrl).href;
}

async function pageFor(request: FastifyRequest): Promise<Page> {
  const pathname = request.url.split('?')[0];
  const match = matchClientPath(pathname);
  if (!match) return notFoundPage();
  if (!match.path.item) {
    return { status: 200, screen: match.path.screen, head: { title: 'Social Lists', description: 'Social publishing and structured lists' }, body: '<p class="loading">Loading…</p><noscript><p>This page needs JavaScript.</p></noscript>' };
  }
  const item = await itemPage(request, match.path.item, match.param ?? '', absolute(request, pathname));
  return item ? { status: 200, screen: match.path.screen, ...item } : notFoundPage();
}

/**
 * An address of the API's that no API route took, caught by the client's catch-all: the answer the
 * router gives without one (an over-long path parameter, which the catch-all absorbs, is 414).
 */
function apiMiss(request: FastifyRequest, reply: FastifyReply) {
  if (request.url.split('?')[0].split('/').some((segment) => segment.length > MAX_PARAM_LENGTH)) throw uriTooLong();
  return reply.callNotFound();
}

/** The built assets: hashed names, a year of cache, the pre-compressed twins as the browser accepts. */
function clientFiles(distDir: string): FastifyStaticOptions {
  return {
    root: join(distDir, 'client'),
    prefix: '/',
    // Every file name carries its content hash: a changed file is a new address.
    immutable: true,
    maxAge: YEAR_SECONDS * 1000,
    preCompressed: true,
    index: false,
    decorateReply: false,
    setHeaders: (res) => {
      res.setHeader('x-content-type-options', 'nosniff');
    },
  };
}

/** The web client's routes; `distDir` is the build's output (dist/web), absent or not. */
export function webRoutes(distDir: string): FastifyPluginAsync {
  return async (app) => {
    const indexHtml = join(distDir, 'index.html');
    if (!existsSync(indexHtml)) {
      app.log.warn(`web client not built (${indexHtml} is missing): the HTML paths answer 503 until npm run build:web`);
      const notBuilt = async (request: FastifyRequest, reply: FastifyReply) => {
        if (API_SPACE.test(request.url)) return apiMiss(request, reply);
        return sendHtml(reply, 503, NOT_BUILT_HTML);
      };
      for (const pattern of new Set(CLIENT_PATHS.map((p) => p.pattern))) app.get(pattern, { schema: { hide: true } }, notBuilt);
      app.get('/*', { schema: { hide: true } }, notBuilt);
      return;
    }
    const shell: Shell = loadShell(indexHtml);
    // A file under /client/ that is not there names nothing: the one 404 page (a path that names
    // nothing answers the client's not-found page; docs/web-client.md), never cached.
    await app.register(
      async (assets) => {
        assets.setNotFoundHandler((_request, reply) => sendHtml(reply, 404, shell.render(notFoundPage())));
        await assets.register(fastifyStatic, clientFiles(distDir));
      },
      { prefix: '/client' },
    );
    const page = async (request: FastifyRequest, reply: FastifyReply) => {
      if (API_SPACE.test(request.url)) return apiMiss(request, reply);
      const built = await pageFor(request);
      // A share link's token is in the address: it never leaves in a Referer.
      return sendHtml(reply, built.status, shell.render(built), built.head.privateAddress ? { 'referrer-policy': 'no-referrer' } : {});
    };
    for (const pattern of new Set(CLIENT_PATHS.map((p) => p.pattern))) app.get(pattern, { schema: { hide: true } }, page);
    app.get('/*', { schema: { hide: true } }, page);
  };
}
