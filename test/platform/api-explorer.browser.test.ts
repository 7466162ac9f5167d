import type { Browser } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { launchChromium } from '../helpers/chromium.js';
import { freePort, processDatabase, startServer, type ProcessDatabase, type Started } from '../helpers/server-process.js';

// The API explorer as a new user meets it: the server started as an operator starts it (its own
// process, PORT set, PUBLIC_URL left at its default), /api-docs opened in headless Chromium at
// the address the server printed, and "Try it out" → Execute of GET /api/health answered there.

let server: Started | undefined;
let database: ProcessDatabase | undefined;
let browser: Browser | undefined;

/**
 * The server and the browser, started by the first test that needs them (a failure to start
 * then fails that test, where a failed beforeAll would report the tests as skipped).
 */
async function up(): Promise<{ server: Started; browser: Browser }> {
  database ??= await processDatabase();
  server ??= await startServer({ PORT: String(await freePort()), DATABASE_URL: database.url });
  browser ??= await launchChromium();
  return { server, browser };
}

afterAll(async () => {
  await browser?.close();
  // Stopped by its pid, then its database.
  server?.child.kill('SIGTERM');
  await server?.exit;
  await database?.drop();
});

describe('the API explorer at the printed address', () => {
  it('"Try it out" of GET /api/health calls the printed address and shows the 200 body', { timeout: 120_000 }, async () => {
    const { server, browser } = await up();
    expect(server.base).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const context = await browser.newContext();
    context.setDefaultTimeout(15_000);
    const page = await context.newPage();
    const problems: string[] = [];
    page.on('console', (msg) => {
      if (msg.type() === 'error') problems.push(msg.text());
    });
    page.on('pageerror', (err) => problems.push(err.message));

    const opened = await page.goto(`${server.base}/api-docs`);
    expect(opened?.status()).toBe(200);
    const health = page.locator('#operations-platform-getHealth');
    // Swagger UI renders the document's 200-odd operations after loading it: slow on a busy machine.
    await health.waitFor({ timeout: 60_000 });
    await health.locator('.opblock-summary').click();
    await health.getByRole('button', { name: 'Try it out' }).click();
    await health.getByRole('button', { name: 'Execute' }).click();

    // The server's answer, in the live response row (the table's header row has the same classes).
    const answer = health.locator('.live-responses-table tr.response');
    await answer.waitFor();
    expect((await answer.locator('.response-col_status').textContent())?.trim()).toBe('200');
    expect(JSON.parse((await answer.locator('.response-col_description pre').first().textContent()) ?? '')).toEqual({ status: 'ok' });
    // The request went to the address the page was opened at, not to PUBLIC_URL's localhost.
    expect((await health.locator('.request-url pre').textContent())?.trim()).toBe(`${server.base}/api/health`);
    expect(problems).toEqual([]);
  });

  it('the cron endpoints are grouped apart as operator endpoints', { timeout: 120_000 }, async () => {
    const { server, browser } = await up();
    const page = await browser.newPage();
    await page.goto(`${server.base}/api-docs`);
    const operator = page.locator('#operations-tag-operator');
    await operator.waitFor({ timeout: 60_000 });
    expect(await operator.textContent()).toContain('Operator endpoints, not for API clients');
    const doc = (await (await fetch(`${server.base}/api/openapi.json`)).json()) as { paths: Record<string, Record<string, { tags: string[] }>> };
    const cron = Object.entries(doc.paths).filter(([path]) => path.startsWith('/api/cron/'));
    expect(cron.map(([path]) => path).sort()).toEqual(['/api/cron/publish-scheduled-messages', '/api/cron/purge-expired', '/api/cron/run-jobs', '/api/cron/sync-codehost-lists']);
    for (const [path, item] of cron) expect(item.get.tags, path).toEqual(['operator']);
    await page.close();
  });
});
