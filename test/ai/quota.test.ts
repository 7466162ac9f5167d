import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { secondInstance } from '../helpers/app.js';
import { expectError, type Member } from '../messages/helpers.js';
import { aiApp, aiPost, aiUser, DOCUMENT_OUTPUT, openAiAnswer, ProviderStandIn, type AiTestApp } from './support.js';

// The rate limit (15 per 60 seconds per user → 429 rate_limited with Retry-After) and the daily
// quota (50 attempts per rolling 24 hours, suggest and generate alike, failures too → 429
// quota_exceeded), on the injected clock, from the ledger shared by every instance.

const standIn = new ProviderStandIn();
let t: AiTestApp;
let ada: Member;

beforeAll(async () => {
  await standIn.start();
  t = await aiApp(standIn, 'openai');
  ada = await aiUser(t);
});
afterAll(async () => {
  await t.close();
  await standIn.stop();
});

const assist = (who: Member = ada) => aiPost(t, who, 'suggest', { feature: 'writing_assist', input: 'make this better' });
const status = async (app = t.app, who: Member = ada) => (await app.inject({ method: 'GET', url: '/api/ai/status', headers: { cookie: who.cookie } })).json();

describe('rate limit', () => {
  it('the 16th request within 60 seconds is 429 rate_limited with Retry-After, and calls no provider; a minute later it passes', async () => {
    const bea = await aiUser(t);
    for (let i = 0; i < 15; i++) {
      standIn.answer(openAiAnswer({ content: `better ${i}` }));
      expect((await assist(bea)).statusCode).toBe(200);
      t.clock.advance(1000);
    }
    const calls = standIn.seen.length;
    const res = await assist(bea);
    expectError(res, 429, 'rate_limited');
    const retry = Number(res.headers['retry-after']);
    expect(retry).toBeGreaterThanOrEqual(1);
    expect(retry).toBeLessThanOrEqual(46);
    expect(standIn.seen.length).toBe(calls);
    // Another user is not limited by bea's requests.
    standIn.answer(openAiAnswer({ content: 'fine' }));
    expect((await assist(ada)).statusCode).toBe(200);
    t.clock.advance(retry * 1000);
    standIn.answer(openAiAnswer({ content: 'again' }));
    expect((await assist(bea)).statusCode).toBe(200);
    // Rate-limited requests are not attempts.
    expect((await status(t.app, bea)).quota.usedToday).toBe(16);
  });
});

describe('daily quota', () => {
  it('50 attempts per rolling 24 hours, failures and generate included; then 429 quota_exceeded until the oldest leaves the window', async () => {
    const cai = await aiUser(t);
    const start = t.clock.now().getTime();
    let made = 0;
    while (made < 50) {
      // Within the rate limit: 15 a minute.
      for (let i = 0; i < 15 && made < 50; i++, made++) {
        const generating = made % 10 === 9;
        if (generating) {
          const res = await aiPost(t, cai, 'generate', { feature: 'powered_document', artifact: { kind: 'document', ...DOCUMENT_OUTPUT } });
          expect(res.statusCode, res.body).toBe(201);
        } else {
          if (made % 10 === 3) standIn.answer({ status: 500, json: { error: { message: 'down' } } });
          else if (made % 10 === 7) standIn.answer(openAiAnswer('not json'));
          else standIn.answer(openAiAnswer({ content: `ok ${made}` }));
          expect([200, 422, 502]).toContain((await assist(cai)).statusCode);
        }
        t.clock.advance(1000);
      }
      t.clock.advance(61_000);
    }
    standIn.reset();
    expect((await status(t.app, cai)).quota).toEqual({ usedToday: 50, dailyLimit: 50, remaining: 0 });

    const refused = await assist(cai);
    expectError(refused, 429, 'quota_exceeded');
    const retry = Number(refused.headers['retry-after']);
    const firstLeaves = (start + 24 * 3600_000 - t.clock.now().getTime()) / 1000;
    expect(Math.abs(retry - firstLeaves)).toBeLessThanOrEqual(2);
    expectError(await aiPost(t, cai, 'generate', { feature: 'powered_document', artifact: { kind: 'document', ...DOCUMENT_OUTPUT } }), 429, 'quota_exceeded');
    expect(standIn.seen).toEqual([]);

    // Another instance on the same database counts the same attempts.
    const other = await secondInstance(t);
    try {
      expect((await status(other, cai)).quota.usedToday).toBe(50);
      expectError(await other.inject({ method: 'POST', url: '/api/ai/suggest', headers: { cookie: cai.cookie }, payload: { feature: 'writing_assist', input: 'x' } }), 429, 'quota_exceeded');
    } finally {
      await other.close();
    }

    // Once the first attempt is 24 hours old, one more fits.
    t.clock.advance(retry * 1000);
    standIn.answer(openAiAnswer({ content: 'next day' }));
    expect((await assist(cai)).statusCode).toBe(200);
    expectError(await assist(cai), 429, 'quota_exceeded');
  });
});
