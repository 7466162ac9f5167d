import { Writable } from 'node:stream';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import { loadConfig } from '../../src/config.js';
import { freshDatabase, testPasswords } from '../helpers/app.js';

// LOG_FORMAT: JSON lines, or pino-pretty's readable lines; `auto` (the default) is readable on a
// terminal and JSON anywhere else (a pipe, a file, a log collector).

const drops: Array<() => Promise<void>> = [];
afterAll(async () => {
  for (const drop of drops) await drop();
});

/** What the server logs for one health check, written to a stream that is a terminal or not. */
async function logOfOneRequest(env: Record<string, string>, terminal: boolean): Promise<string[]> {
  let text = '';
  const sink = Object.assign(
    new Writable({
      write(chunk, _enc, cb) {
        text += String(chunk);
        cb();
      },
    }),
    terminal ? { isTTY: true } : {},
  );
  const fresh = await freshDatabase();
  drops.push(fresh.drop);
  const app = await buildApp(loadConfig({ LOG_LEVEL: 'info', ...env }), { db: fresh.db, passwords: testPasswords, logStream: sink });
  const res = await app.inject({ method: 'GET', url: '/api/health', headers: { 'x-request-id': 'req-format-1' } });
  expect(res.statusCode).toBe(200);
  await app.close();
  return text.split('\n').filter(Boolean);
}

const isJson = (line: string) => {
  try {
    return typeof JSON.parse(line) === 'object';
  } catch {
    return false;
  }
};

function expectJson(lines: string[]) {
  expect(lines.length).toBeGreaterThan(0);
  expect(lines.every(isJson)).toBe(true);
  expect(lines.map((l) => JSON.parse(l).msg)).toEqual(expect.arrayContaining(['incoming request', 'request completed']));
}

function expectReadable(lines: string[], colours: boolean) {
  const completed = lines.find((l) => l.includes('request completed'));
  expect(completed, lines.join('\n')).toBeDefined();
  // [12:34:56.789] INFO: request completed {"reqId":"req-format-1",...}: one line per event.
  const ANSI = new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*m`, 'g');
  expect(completed!.replace(ANSI, '')).toMatch(/^\[\d\d:\d\d:\d\d\.\d{3}\] INFO: request completed .*"reqId":"req-format-1"/);
  expect(lines.some(isJson)).toBe(false);
  expect(lines.some((l) => l.includes('\x1b['))).toBe(colours);
}

describe('LOG_FORMAT', () => {
  it('unset (auto): readable lines on a terminal', async () => {
    expectReadable(await logOfOneRequest({}, true), true);
  });

  it('unset (auto): JSON lines anywhere else', async () => {
    expectJson(await logOfOneRequest({}, false));
  });

  it('pretty: readable lines even when not on a terminal (without colours)', async () => {
    expectReadable(await logOfOneRequest({ LOG_FORMAT: 'pretty' }, false), false);
  });

  it('json: JSON lines even on a terminal', async () => {
    expectJson(await logOfOneRequest({ LOG_FORMAT: 'json' }, true));
  });
});
