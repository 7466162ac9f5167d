import { existsSync } from 'node:fs';
import { chromium, type Browser } from 'playwright-core';

// Headless Chromium for the browser tests (playwright-core drives the system's Chromium).
// Chromium is required: without it a browser test fails (it never skips); .ci/run installs it.

export const CHROMIUM = '/usr/bin/chromium';
const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/**
 * Launches Chromium. Called by a test rather than a beforeAll hook, so that without Chromium
 * every test fails (a failed beforeAll would report them as skipped).
 */
export async function launchChromium(): Promise<Browser> {
  if (!existsSync(CHROMIUM)) {
    throw new Error(`Chromium is missing at ${CHROMIUM}: install it (apt-get install -y chromium); this test does not skip`);
  }
  return chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
}
