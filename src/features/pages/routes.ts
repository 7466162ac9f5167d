import { readFile } from 'node:fs/promises';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';

// The small pages behind the links in e-mails (CONTRACT.md, E-mail): /verify-email,
// /reset-password and /verify-email-change. Each is static HTML with one button (or, for the
// reset, one form) whose script makes the API call; a GET never changes anything, since link
// scanners follow links. The token stays in the address (the script reads it from there) and is
// never written into the page. Not part of the JSON API, so hidden from the OpenAPI document.

/** No outside resource of any kind: the script and the style sheet come from this service. */
export const PAGE_CSP =
  "default-src 'none'; script-src 'self'; style-src 'self'; connect-src 'self'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'";

export const EMAIL_LINK_PAGES = [
  { path: '/verify-email', file: 'verify-email.html' },
  { path: '/reset-password', file: 'reset-password.html' },
  { path: '/verify-email-change', file: 'verify-email-change.html' },
] as const;

const ASSETS = [
  { path: '/assets/email-link.js', file: 'email-link.js', type: 'text/javascript; charset=utf-8' },
  { path: '/assets/email-link.css', file: 'email-link.css', type: 'text/css; charset=utf-8' },
] as const;

// Read once per process, next to this module.
const sources = new Map<string, Promise<string>>();
function source(file: string): Promise<string> {
  let text = sources.get(file);
  if (!text) {
    text = readFile(new URL(`./${file}`, import.meta.url), 'utf8');
    sources.set(file, text);
  }
  return text;
}

function send(reply: FastifyReply, body: string, contentType: string, cacheControl: string) {
  return reply
    .header('content-type', contentType)
    .header('content-security-policy', PAGE_CSP)
    .header('x-content-type-options', 'nosniff')
    // The token is in the page's address: it must not leave in a Referer header.
    .header('referrer-policy', 'no-referrer')
    .header('x-frame-options', 'DENY')
    .header('cache-control', cacheControl)
    .send(body);
}

export const pageRoutes: FastifyPluginAsync = async (app) => {
  for (const { path, file } of EMAIL_LINK_PAGES) {
    const html = await source(file);
    app.get(path, { schema: { hide: true } }, async (_request, reply) => send(reply, html, 'text/html; charset=utf-8', 'no-store'));
  }
  for (const { path, file, type } of ASSETS) {
    const text = await source(file);
    app.get(path, { schema: { hide: true } }, async (_request, reply) => send(reply, text, type, 'no-cache'));
  }
};
