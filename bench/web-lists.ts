import type { Page } from 'playwright-core';
import { launchChromium } from '../test/helpers/chromium.js';
import { freshDatabase } from '../test/helpers/app.js';
import { ensureWebBuild } from '../test/helpers/web-build.js';
import { benchApp, benchSubscriber } from './bench-app.js';
import { seedList } from './lists.js';

// The lists grid in a browser (issue 35's figure: "first rows of a 100,000-row list visible within
// 1 s; scrolling never fetches more than the pages it shows"). A list of BENCH_WEB_LIST_ROWS rows
// (100,000) of the lists bench's ten-column schema, seeded through the feature's own row writer;
// the built client served by the real app on loopback; headless Chromium signed in by cookie.
// Figures, the median of RUNS each, without and with 4× CPU throttling (DevTools protocol):
//  - a full load of /lists/<id>: navigation start to the first row in the DOM;
//  - a client navigation from /lists (a click on the list's link) to the same;
//  - "Next page" and a jump to the last page (offset 99,950): click to the page's first cell;
//  - the row requests the page made: at load, after scrolling the grid to its end, after a page turn.
//
//   node --import tsx bench/web-lists.ts                                  (SQLite in memory)
//   TEST_ENGINE=postgres TEST_DATABASE_URL=postgres://... node --import tsx bench/web-lists.ts

const ROWS = Number(process.env.BENCH_WEB_LIST_ROWS ?? 100_000);
const RUNS = Number(process.env.BENCH_WEB_RUNS ?? 5);

declare global {
  interface Window {
    /** The first row's number shown, and when it was first shown. */
    rowNumber?: string;
    rowsAt?: number;
  }
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

/** Runs `act` and answers the ms from just before it to the rows of the page whose first row is `firstRow`. */
async function timeToRows(page: Page, act: () => Promise<unknown>, firstRow: string): Promise<number> {
  const start = await page.evaluate(() => performance.now());
  await act();
  await page.waitForFunction((n) => window.rowNumber === n, firstRow);
  return (await page.evaluate(() => window.rowsAt!)) - start;
}

async function main() {
  await ensureWebBuild();
  const { db, drop } = await freshDatabase();
  const { app, base } = await benchApp(db, { PUBLIC_URL: 'http://127.0.0.1' });
  const browser = await launchChromium();
  try {
    const { cookie, userId } = await benchSubscriber(base, db, 'weblists');
    const started = performance.now();
    const listId = await seedList(db, userId, 'Bench tasks', false, ROWS);
    console.log(`seeded ${ROWS.toLocaleString('en')} rows in ${((performance.now() - started) / 1000).toFixed(1)} s (${process.env.TEST_ENGINE ?? 'sqlite'})`);

    for (const rate of [1, 4]) {
      const context = await browser.newContext({ baseURL: base });
      const [name, value] = cookie.split('=');
      await context.addCookies([{ name: name!, value: value!, url: base, httpOnly: true, sameSite: 'Lax' }]);
      // The moment the first row's first cell is in the DOM (navigation start = 0).
      // When the first row's number changes, the time (navigation start = 0): a page's rows are in.
      // A string, not a function: tsx's name helpers inside a function would not exist in the page.
      await context.addInitScript(`
        new MutationObserver(() => {
          const n = document.querySelector('[data-cell="1:0"]')?.textContent;
          if (n && n !== window.rowNumber) { window.rowNumber = n; window.rowsAt = performance.now(); }
        }).observe(document, { childList: true, subtree: true, characterData: true });
      `);
      const page = await context.newPage();
      const cdp = await context.newCDPSession(page);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate });
      const rowRequests: string[] = [];
      page.on('request', (r) => {
        const url = new URL(r.url());
        if (url.pathname === `/api/lists/${listId}/data`) rowRequests.push(`offset ${url.searchParams.get('offset')}, limit ${url.searchParams.get('limit')}`);
      });

      const full: number[] = [];
      const client: number[] = [];
      const next: number[] = [];
      const last: number[] = [];
      for (let run = 0; run < RUNS; run++) {
        await page.goto(`/lists/${listId}`);
        await page.waitForFunction(() => window.rowNumber === '1');
        full.push(await page.evaluate(() => window.rowsAt!));
        await page.goto('/lists');
        await page.getByRole('link', { name: 'Bench tasks' }).waitFor();
        client.push(await timeToRows(page, () => page.getByRole('link', { name: 'Bench tasks' }).click(), '1'));
        await page.getByRole('status').filter({ hasText: 'Rows 1–50' }).waitFor();
        next.push(await timeToRows(page, () => page.getByRole('button', { name: 'Next page' }).click(), '51'));
        const pages = Math.ceil(ROWS / 50);
        await page.getByLabel('Page', { exact: true }).fill(String(pages));
        last.push(await timeToRows(page, () => page.getByRole('button', { name: 'Go', exact: true }).click(), String((pages - 1) * 50 + 1)));
      }

      // Scrolling the grid to its end asks for nothing; a page turn asks for its one page.
      rowRequests.length = 0;
      await page.goto(`/lists/${listId}`);
      await page.getByRole('status').filter({ hasText: 'Rows 1–50' }).waitFor();
      const atLoad = rowRequests.length;
      await page.locator('.grid-wrap').evaluate((el) => el.scrollTo(0, el.scrollHeight));
      await page.mouse.wheel(0, 5000);
      await page.waitForTimeout(1000);
      const afterScroll = rowRequests.length;
      await page.getByRole('button', { name: 'Next page' }).click();
      await page.getByRole('status').filter({ hasText: 'Rows 51–100' }).waitFor();
      await page.waitForTimeout(500);

      const ms = (xs: number[]) => `median ${median(xs).toFixed(0)} ms (runs: ${xs.map((x) => x.toFixed(0)).join(', ')})`;
      console.log(`\nCPU throttling ${rate}×, ${ROWS.toLocaleString('en')} rows:`);
      console.log(`  full load of /lists/<id> to first rows       ${ms(full)}`);
      console.log(`  client navigation /lists → first rows        ${ms(client)}`);
      console.log(`  Next page → its rows                         ${ms(next)}`);
      console.log(`  jump to the last page → its rows             ${ms(last)}`);
      console.log(`  row requests: at load ${atLoad}, after scrolling to the end ${afterScroll}, after a page turn ${rowRequests.length} (${rowRequests.join('; ')})`);
      await context.close();
    }
  } finally {
    await browser.close();
    await app.close();
    await drop();
  }
}

await main();
