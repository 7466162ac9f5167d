import { readFile } from 'node:fs/promises';
import type { FastifyPluginAsync } from 'fastify';
import { loadPage, sendPage } from './layout.js';

// The small pages behind the links in e-mails: /verify-email,
// /reset-password, /verify-email-change and /blog-subscription. Each is static HTML with one button (or, for the
// reset, one form) whose script makes the API call; a GET never changes anything, since link
// scanners follow links. The token stays in the address (the script reads it from there) and is
// never written into the page. Not part of the JSON API, so hidden from the OpenAPI document.

export { PAGE_CSP } from './layout.js';

export const EMAIL_LINK_PAGES = [
  { path: '/verify-email', file: 'verify-email.html' },
  { path: '/reset-password', file: 'reset-password.html' },
  { path: '/verify-email-change', file: 'verify-email-change.html' },
  { path: '/blog-subscription', file: 'blog-subscription.html' },
] as const;

const ASSETS = [
  { path: '/assets/email-link.js', file: 'email-link.js', type: 'text/javascript; charset=utf-8' },
  { path: '/assets/email-link.css', file: 'email-link.css', type: 'text/css; charset=utf-8' },
] as const;

const readAsset = (file: string) => readFile(new URL(`./${file}`, import.meta.url), 'utf8');

export const pageRoutes: FastifyPluginAsync = async (app) => {
  for (const { path, file } of EMAIL_LINK_PAGES) {
    const html = await loadPage(import.meta.url, file, { script: true });
    app.get(path, { schema: { hide: true } }, async (_request, reply) => sendPage(reply, html));
  }
  for (const { path, file, type } of ASSETS) {
    const text = await readAsset(file);
    app.get(path, { schema: { hide: true } }, async (_request, reply) => sendPage(reply, text, type, 'no-cache'));
  }
};
