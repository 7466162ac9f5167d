import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { expect } from 'vitest';
import { createTestApp, type TestApp, type TestAppOptions } from '../helpers/app.js';
import { launchChromium } from '../helpers/chromium.js';
import { ensureWebBuild } from '../helpers/web-build.js';

// The web client's browser tests: the real app listening on a loopback port with the built
// client, headless Chromium (one per test file), and axe-core run on every screen in both colour
// schemes. A page that logs an error, throws, or breaks its CSP fails the test.

/** A browser flow step, axe in two schemes included, on a busy two-core machine. */
export const BROWSER_TEST_TIMEOUT = 60_000;
/** Building the client (when stale) and the app. */
export const BROWSER_HOOK_TIMEOUT = 120_000;

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const WCAG_A_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

export interface WebHarness {
  t: TestApp;
  base: string;
  /** A fresh browser context (own cookies) and page, watched for problems. */
  open(options?: { javaScriptEnabled?: boolean }): Promise<Watched>;
  close(): Promise<void>;
}

export interface Watched {
  context: BrowserContext;
  page: Page;
  /** Console errors, page errors and CSP violations so far. */
  problems: string[];
}

/** A loopback port free right now (the app is then configured with it before it listens). */
async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve, reject) => probe.once('error', reject).listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as { port: number };
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

/** The app (by default without its SMTP server; `options` as createTestApp's) and a browser to come. */
export async function startWeb(options: TestAppOptions = {}): Promise<WebHarness> {
  await ensureWebBuild();
  // PUBLIC_URL is the address the browser uses, as in production: the URLs the API hands out
  // (uploaded images, share links) are then the page's own origin, which its CSP allows.
  const port = await freePort();
  const t = await createTestApp({ smtp: false, ...options, env: { PUBLIC_URL: `http://127.0.0.1:${port}`, ...options.env } });
  const base = await t.app.listen({ port, host: '127.0.0.1' });
  let browser: Browser | undefined;
  const contexts: BrowserContext[] = [];
  return {
    t,
    base,
    async open(options = {}) {
      browser ??= await launchChromium();
      const context = await browser.newContext({ baseURL: base, ...options });
      contexts.push(context);
      context.setDefaultTimeout(10_000);
      await context.addInitScript(() => {
        document.addEventListener('securitypolicyviolation', (e) => console.error(`CSP violation: ${e.violatedDirective} ${e.blockedURI}`));
      });
      const page = await context.newPage();
      const problems: string[] = [];
      page.on('console', (msg) => {
        // A 4xx the client asked for on purpose (a wrong password, a probe of a missing item) is the
        // browser's own console line, not a fault of the page.
        if (msg.type() === 'error' && !/Failed to load resource: the server responded with a status of 4\d\d/.test(msg.text())) problems.push(`console.error: ${msg.text()}`);
      });
      page.on('pageerror', (err) => problems.push(`pageerror: ${err.message}`));
      return { context, page, problems };
    },
    async close() {
      for (const c of contexts) await c.close().catch(() => undefined);
      await browser?.close();
      await t.close();
    },
  };
}

/** axe-core on the page as it is, in the light and the dark scheme: no WCAG 2 A/AA violation. */
export async function expectAccessible(page: Page, label: string): Promise<void> {
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme, reducedMotion: 'reduce' });
    // Evaluated through the DevTools protocol: the page's CSP (no inline script) does not apply.
    if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
    const violations = await page.evaluate(
      async (tags) => {
        const result = await (window as any).axe.run(document, { runOnly: { type: 'tag', values: tags } });
        return result.violations.map((v: any) => `${v.id}: ${v.help} (${v.nodes.map((n: any) => n.target.join(' ')).join(', ')})`);
      },
      WCAG_A_AA,
    );
    expect(violations, `${label}, ${colorScheme} scheme`).toEqual([]);
  }
}

/** Signs `page`'s browser context in with a session cookie (`name=value; …`), in place of any other. */
export async function signInWith(page: Page, base: string, cookie: string): Promise<void> {
  const context = page.context();
  await context.clearCookies();
  const [name, value] = cookie.split(';')[0].split('=');
  await context.addCookies([{ name, value, url: base, httpOnly: true, sameSite: 'Lax' }]);
}

/** Waits until the screen has its heading and nothing is loading. */
export async function settled(page: Page, heading: string | RegExp): Promise<void> {
  await page.getByRole('heading', { level: 1, name: heading }).waitFor();
  await page.waitForFunction(() => !document.querySelector('.loading'));
}
