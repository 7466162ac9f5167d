import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { openAiProvider } from '../src/adapters/ai/openai.js';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { openSqlite } from '../src/db/connection.js';
import { migrateToLatest } from '../src/db/migrate.js';
import { ManualClock } from '../src/lib/clock.js';
import { PasswordHasher } from '../src/lib/crypto.js';
import { buildPrompt } from '../src/features/ai/prompts.js';
import { lengthRule } from '../src/lib/post-lengths.js';
import { providerSchema } from '../src/features/ai/validate.js';

// The service's share of a suggest: the time of POST /api/ai/suggest over real HTTP against an
// OpenAI-compatible stand-in that answers at once, minus the time of the very same chat completion
// (same prompt, schema and options) asked of the stand-in directly through the provider adapter.
// What is left is the service's own work: HTTP, the guards, the rate limit and quota reads, the
// ledger writes, building the prompt, validating the answer and serialising it.
//
//   node --import tsx bench/ai-latency.ts        (SQLite in memory; BENCH_AI_N requests, default 300)

const N = Number(process.env.BENCH_AI_N ?? 300);
const WARMUP = 50;
const ANSWER = JSON.stringify({
  id: 'chatcmpl-1',
  object: 'chat.completion',
  created: 1,
  model: 'stand-in',
  choices: [{ index: 0, message: { role: 'assistant', content: JSON.stringify({ content: 'A better post.' }), refusal: null }, finish_reason: 'stop' }],
  usage: { prompt_tokens: 10, completion_tokens: 5, total_tokens: 15 },
});

const standIn = createServer((req, res) => {
  req.resume();
  req.on('end', () => res.writeHead(200, { 'content-type': 'application/json' }).end(ANSWER));
});
await new Promise<void>((resolve) => standIn.listen(0, '127.0.0.1', resolve));
const aiUrl = `http://127.0.0.1:${(standIn.address() as AddressInfo).port}/v1`;

const { db } = openSqlite(':memory:');
await migrateToLatest(db);
const config = loadConfig({ DATABASE_URL: 'sqlite::memory:', LOG_LEVEL: 'silent', SCHEDULER: 'off', AI_PROVIDER: 'openai', AI_API_KEY: 'sk-bench', AI_BASE_URL: aiUrl });
const clock = new ManualClock(new Date());
const app = await buildApp(config, { db, clock, passwords: new PasswordHasher({ memoryCost: 1024, timeCost: 1, parallelism: 1 }), logger: false });
const base = await app.listen({ port: 0, host: '127.0.0.1' });

const reg = await fetch(`${base}/api/auth/register`, {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ email: 'bench@example.org', username: 'aibench', password: 'correct horse battery', displayName: 'Bench' }),
});
const cookie = (reg.headers.get('set-cookie') ?? '').split(';')[0];
await db.kysely.updateTable('users').set({ customer_status: 'subscriber', account_status: 'active' }).where('username', '=', 'aibench').execute();

const provider = openAiProvider({ apiKey: 'sk-bench', baseUrl: aiUrl, model: null, timeoutMs: 60_000 });
const prompt = buildPrompt({ feature: 'writing_assist', kind: 'message', input: 'make this better', action: 'rewrite', lengthRule: lengthRule([], 666).describe, source: null });
const direct = async () => {
  await provider.complete({ ...prompt, schema: { name: 'message_artifact', json: providerSchema('message') }, model: provider.defaultModel, maxOutputTokens: 1024 });
};
const viaService = async () => {
  // 30 minutes between requests: one user stays inside both the rate limit and the daily quota.
  clock.advance(30 * 60_000);
  const res = await fetch(`${base}/api/ai/suggest`, {
    method: 'POST',
    headers: { cookie, 'content-type': 'application/json' },
    body: JSON.stringify({ feature: 'writing_assist', input: 'make this better' }),
  });
  if (res.status !== 200) throw new Error(`suggest answered ${res.status}: ${await res.text()}`);
  await res.arrayBuffer();
};

async function timings(run: () => Promise<void>): Promise<number[]> {
  for (let i = 0; i < WARMUP; i++) await run();
  const out: number[] = [];
  for (let i = 0; i < N; i++) {
    const started = process.hrtime.bigint();
    await run();
    out.push(Number(process.hrtime.bigint() - started) / 1e6);
  }
  return out.sort((a, b) => a - b);
}

const at = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
const d = await timings(direct);
const s = await timings(viaService);
const fmt = (x: number) => `${x.toFixed(2)} ms`;
console.log(`provider adapter directly (SDK → stand-in): p50 ${fmt(at(d, 0.5))}, p90 ${fmt(at(d, 0.9))}, p99 ${fmt(at(d, 0.99))}`);
console.log(`suggest (HTTP → service → SDK → stand-in): p50 ${fmt(at(s, 0.5))}, p90 ${fmt(at(s, 0.9))}, p99 ${fmt(at(s, 0.99))}`);
console.log(`the service's share: p50 ${fmt(at(s, 0.5) - at(d, 0.5))}, p90 ${fmt(at(s, 0.9) - at(d, 0.9))}`);

await app.close();
await db.close();
standIn.close();
