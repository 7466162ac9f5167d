import { existsSync, readFileSync } from 'node:fs';
import { dirname } from 'node:path';
import type { FastifyReply } from 'fastify';
import { manifestPath, staticChunks, type Manifest } from './manifest.js';
import type { ScreenName } from './paths.js';

// The HTML the server sends for every client path: the built index.html (dist/web) with the
// page's head (title, description, Open Graph) and, for public pages, their readable text put in
// at the two markers. No inline script of any kind: the client reads what it needs from the API,
// and the one thing the server tells it (the 404) is an attribute of <body>.

/** Scripts, styles and everything else from this origin only; no inline script or style. */
export const WEB_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data: blob:",
  "media-src 'self' blob:",
  "connect-src 'self'",
  "object-src 'none'",
  "form-action 'self'",
  "base-uri 'none'",
  "frame-ancestors 'none'",
].join('; ');

const HEAD_MARK = '<!--ssr-head-->';
const APP_MARK = '<!--ssr-app-->';

/** Text for HTML element content and attribute values alike. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

export interface PageHead {
  title: string;
  description?: string;
  /** Open Graph: sent for public pages only (a page the requester alone may read has none). */
  openGraph?: { type: 'article' | 'profile' | 'website'; url: string; image?: { url: string; alt: string } };
  /** A share link's page: not indexed, and the token in its address never leaves in a Referer. */
  privateAddress?: boolean;
}

export interface Page {
  status: number;
  /** The screen the client shows first: its code is named in the head to be fetched at once. */
  screen: ScreenName;
  head: PageHead;
  /** The readable HTML of the page (escaped by its maker), shown until the client replaces it. */
  body: string;
}

const SITE = 'Social Lists';

function headHtml(head: PageHead): string {
  const title = head.title === SITE ? SITE : `${head.title} · ${SITE}`;
  const lines = [`<title>${escapeHtml(title)}</title>`];
  if (head.description) lines.push(`<meta name="description" content="${escapeHtml(head.description)}">`);
  if (head.privateAddress) lines.push('<meta name="robots" content="noindex, nofollow">', '<meta name="referrer" content="no-referrer">');
  if (head.openGraph) {
    const og: [string, string][] = [
      ['og:site_name', SITE],
      ['og:type', head.openGraph.type],
      ['og:title', head.title],
      ['og:url', head.openGraph.url],
      ...(head.description ? ([['og:description', head.description]] as [string, string][]) : []),
      ...(head.openGraph.image ? ([['og:image', head.openGraph.image.url]] as [string, string][]) : []),
      // A card's image read aloud: its author's description, when there is one.
      ...(head.openGraph.image?.alt ? ([['og:image:alt', head.openGraph.image.alt]] as [string, string][]) : []),
    ];
    for (const [property, content] of og) lines.push(`<meta property="${property}" content="${escapeHtml(content)}">`);
    lines.push('<meta name="twitter:card" content="summary">');
  }
  return lines.join('\n');
}

export interface Shell {
  render(page: Page): string;
}

/** The module a screen's code is built from (web/src/screens.ts: `followRequests` is follow-requests.tsx). */
export const screenModule = (screen: ScreenName) => `src/screens/${screen.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}.tsx`;

/**
 * `<link rel="modulepreload">` for each screen's chunk and the chunks it imports that the entry
 * does not (and a preload of their styles), from the build's manifest (dist/web/.vite/manifest.json). The browser then fetches
 * them while it parses the page, not after the entry script has run and asked for them (a round
 * trip on a slow phone). A screen the manifest lacks preloads nothing.
 */
export function screenPreloads(distDir: string): (screen: ScreenName) => string {
  const path = manifestPath(distDir);
  if (!existsSync(path)) return () => '';
  const manifest = JSON.parse(readFileSync(path, 'utf8')) as Manifest;
  const entry = staticChunks(manifest, ['index.html']);
  const cache = new Map<ScreenName, string>();
  return (screen) => {
    let links = cache.get(screen);
    if (links === undefined) {
      const keys = [...staticChunks(manifest, [screenModule(screen)], new Set(entry))].filter((k) => !entry.has(k));
      const scripts = keys.map((k) => `<link rel="modulepreload" href="/${escapeHtml(manifest[k].file)}">`);
      const styles = [...new Set(keys.flatMap((k) => manifest[k].css ?? []))].map((file) => `<link rel="preload" as="style" href="/${escapeHtml(file)}">`);
      links = [...scripts, ...styles].join('\n');
      cache.set(screen, links);
    }
    return links;
  };
}

/** The shell from a built index.html; throws when the file lacks the markers. */
export function loadShell(indexHtml: string): Shell {
  const template = readFileSync(indexHtml, 'utf8');
  if (!template.includes(HEAD_MARK) || !template.includes(APP_MARK)) throw new Error(`${indexHtml} lacks ${HEAD_MARK} or ${APP_MARK}: rebuild with npm run build:web`);
  const preloads = screenPreloads(dirname(indexHtml));
  return {
    render: (page) =>
      template
        .replace(HEAD_MARK, () => [headHtml(page.head), preloads(page.screen)].filter(Boolean).join('\n'))
        .replace(APP_MARK, () => `<main id="main" tabindex="-1">${page.body}</main>`)
        .replace('<body>', page.status === 404 ? '<body data-status="404">' : '<body>'),
  };
}

/** A short description from a text: one line, at most `max` characters. */
export function summary(text: string, max = 200): string {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length <= max ? line : `${line.slice(0, max - 1).trimEnd()}…`;
}

/** Sends a page with the headers every client page carries (never cached: it may be personal). */
export function sendHtml(reply: FastifyReply, status: number, html: string, extraHeaders: Record<string, string> = {}) {
  return reply
    .status(status)
    .header('content-type', 'text/html; charset=utf-8')
    .header('content-security-policy', WEB_CSP)
    .header('x-content-type-options', 'nosniff')
    .header('x-frame-options', 'DENY')
    .header('referrer-policy', 'strict-origin-when-cross-origin')
    .header('cache-control', 'no-store')
    .headers(extraHeaders)
    .send(html);
}
