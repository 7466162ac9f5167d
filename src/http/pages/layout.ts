import { readFile } from 'node:fs/promises';
import type { FastifyReply } from 'fastify';

// The one layout and the one set of response headers of the service's few HTML pages (the
// e-mail link pages and the unsubscribe pages). A page is a `<main>` fragment in a .html file
// next to its routes; the document around it, with its title taken from the fragment's <h1>,
// is written here once.

/** No outside resource of any kind: the script and the style sheet come from this service. */
export const PAGE_CSP =
  "default-src 'none'; script-src 'self'; style-src 'self'; connect-src 'self'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'";

/** The whole document around a `<main>` fragment; `script`: the pages whose button calls the API. */
export function renderPage(main: string, options: { script?: boolean } = {}): string {
  const h1 = /<h1>([^<]*)<\/h1>/.exec(main);
  if (!h1) throw new Error('A page fragment needs an <h1>: it is the page title');
  return [
    '<!doctype html>',
    '<html lang="en">',
    '<head>',
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    '<meta name="referrer" content="no-referrer">',
    '<meta name="robots" content="noindex, nofollow">',
    `<title>${h1[1]} · Social Lists</title>`,
    '<link rel="stylesheet" href="/assets/email-link.css">',
    ...(options.script ? ['<script src="/assets/email-link.js" defer></script>'] : []),
    '</head>',
    '<body>',
    main.trimEnd(),
    // Every page leads into the web client (src/features/web) served by the same process.
    '<nav aria-label="Social Lists"><p><a href="/">Open Social Lists</a> · <a href="/login">Sign in</a></p></nav>',
    '</body>',
    '</html>',
    '',
  ].join('\n');
}

/** Reads a fragment next to the calling module (pass `import.meta.url`) and renders it. */
export async function loadPage(moduleUrl: string, file: string, options: { script?: boolean } = {}): Promise<string> {
  return renderPage(await readFile(new URL(`./${file}`, moduleUrl), 'utf8'), options);
}

/** A page or asset with the locked-down headers every page of the service carries. */
export function sendPage(reply: FastifyReply, body: string, contentType = 'text/html; charset=utf-8', cacheControl = 'no-store') {
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
