import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { PULL_CHANGES, seedDocuments } from './documents.js';
import { measure } from './measure.js';
import { seedMessages } from './messages.js';
import { startProcess, stop } from './processes.js';
import { seed } from './seed.js';

// The write tails (issue 37, item 1) under server variants, in one sitting: one seeded SQLite
// database (BENCH_USERS users, the messages and documents groups' data), then for each round and
// each variant a fresh server process on it, message create and document create at 64
// connections for BENCH_DURATION seconds, and p50/p99. Variants are Node options given as
// arguments, `-` for none, or environment variables as `env:NAME=VALUE,NAME=VALUE`:
//   node --import tsx bench/tails.ts - --max-semi-space-size=32
// BENCH_TAIL_ROUNDS (2) rounds alternate the variants so the machine's drift falls on all alike.

const rounds = Number(process.env.BENCH_TAIL_ROUNDS ?? 2);
const variants = process.argv.slice(2).length > 0 ? process.argv.slice(2) : ['-'];
const load = () => loadavg().map((x) => x.toFixed(2)).join(' ');

/** A variant's environment: `-` none, `env:NAME=VALUE[,NAME=VALUE]` those variables, else Node options. */
function variantEnv(variant: string): Record<string, string> {
  if (variant === '-') return {};
  if (!variant.startsWith('env:')) return { NODE_OPTIONS: variant };
  return Object.fromEntries(variant.slice(4).split(',').map((pair) => [pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1)]));
}

async function main(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'sls-tails-'));
  const databaseUrl = `sqlite:${join(dir, 'bench.db')}`;
  try {
    const seeded = await seed(databaseUrl, Number(process.env.BENCH_USERS ?? 2000));
    const documents = await seedDocuments(databaseUrl);
    await seedMessages(databaseUrl);
    const headers = { authorization: `Bearer ${seeded.syncToken}`, 'content-type': 'application/json' };
    // The creates are another user's (bench3's sync token, bench/seed.ts), so the pull stays the same size.
    const writer = { authorization: `Bearer ${seeded.cliSyncToken}`, 'content-type': 'application/json' };
    for (let round = 1; round <= rounds; round++) {
      for (const variant of variants) {
        const env: Record<string, string> = { DATABASE_URL: databaseUrl, ...variantEnv(variant) };
        const server = await startProcess('src/main.ts', env);
        try {
          const pullUrl = `${server.base}/api/documents/sync?lastSyncAt=${encodeURIComponent(documents.pullCursor)}`;
          const pull = await measure(`sync pull (${PULL_CHANGES})`, { url: pullUrl, headers }, 0);
          const gzipPull = await measure(`sync pull, gzip`, { url: pullUrl, headers: { ...headers, 'accept-encoding': 'gzip' } }, 0);
          // The same number of bytes from a bare route: what the client and the socket alone cost.
          const bytes = (await (await fetch(pullUrl, { headers })).arrayBuffer()).byteLength;
          const bare = await startProcess('bench/bare-server.ts', { BARE_BYTES: String(bytes) });
          const sameSize = await measure(`bare ${Math.round(bytes / 1024)} KiB`, { url: `${bare.base}/bytes` }, 0).finally(() => stop(bare.child));
          const posts = await measure('POST /api/messages', { url: `${server.base}/api/messages`, method: 'POST', headers: writer, body: JSON.stringify({ content: 'A bench message about rivers and stones', tags: ['bench'] }) }, 0);
          const docs = await measure('POST /api/documents', { url: `${server.base}/api/documents`, method: 'POST', headers: writer, body: JSON.stringify({ title: 'Bench [<id>]', content: '# Bench\n\nA new document with some words in it.' }), idReplacement: true }, 0);
          for (const f of [posts, docs, pull, gzipPull, sameSize]) process.stdout.write(`round ${round} ${variant.padEnd(28)} ${f.name.padEnd(20)} ${String(f.requestsPerSecond).padStart(6)} req/s  p50 ${f.p50} ms  p99 ${f.p99} ms  non-2xx ${f.non2xx}  (load ${load()})\n`);
        } finally {
          await stop(server.child);
        }
      }
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exitCode = 1;
});
