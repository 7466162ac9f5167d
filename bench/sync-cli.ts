import { spawn } from 'node:child_process';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { writeCredentials } from '../src/cli/sync/config.js';

// The command-line sync client's first `pull` of N documents (2,000 by default; target: under
// 10 s), timed from the process start to its exit, as a user runs it.
//
//   node --import tsx bench/sync-cli.ts            (its own server, SQLite in memory)
//   TEST_ENGINE=postgres TEST_DATABASE_URL=postgres://... node --import tsx bench/sync-cli.ts
//
// or cliFirstPull(base, token) against a running server, for a subscriber without documents.

const BIN = fileURLToPath(new URL('../bin/social-lists-sync.js', import.meta.url));
export const CLI_PULL_DOCUMENTS = Number(process.env.BENCH_CLI_DOCUMENTS ?? 2000);

function words(i: number, n: number): string {
  const vocabulary = 'alpha bravo charlie delta echo foxtrot golf hotel india juliet kilo lima mike notes plan budget review draft'.split(' ');
  let x = (i * 2654435761) >>> 0;
  const out: string[] = [];
  for (let w = 0; w < n; w++) {
    x = (x * 1103515245 + 12345) >>> 0;
    out.push(vocabulary[x % vocabulary.length]);
  }
  return out.join(' ');
}

async function post(base: string, token: string, body: unknown): Promise<void> {
  const res = await fetch(`${base}/api/documents/sync`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`seeding: ${res.status} ${await res.text()}`);
}

async function countFiles(dir: string): Promise<number> {
  let n = 0;
  for (const e of await readdir(dir, { withFileTypes: true })) {
    if (e.isDirectory()) n += await countFiles(join(dir, e.name));
    else if (e.name.endsWith('.md')) n++;
  }
  return n;
}

export interface CliPullFigure {
  name: string;
  documents: number;
  seconds: number;
}

/** Seeds `count` documents (20 folders, about 1 KB each) for the token's user, then times the CLI. */
export async function cliFirstPull(base: string, token: string, count = CLI_PULL_DOCUMENTS): Promise<CliPullFigure> {
  const ops = Array.from({ length: count }, (_, i) => ({
    op: 'create' as const,
    type: 'document' as const,
    path: `folder-${i % 20}/note-${i}.md`,
    data: { content: `# Note ${i}\n\n${words(i, 150)}\n` },
  }));
  for (let i = 0; i < ops.length; i += 250) await post(base, token, { operations: ops.slice(i, i + 250) });

  const home = await mkdtemp(join(tmpdir(), 'sls-cli-bench-'));
  try {
    const configDir = join(home, 'config');
    const folder = join(home, 'notes');
    await writeCredentials(configDir, { server: base, email: 'bench', token });
    await import('node:fs/promises').then((fs) => fs.mkdir(folder));
    const started = performance.now();
    const code = await new Promise<number>((resolve, reject) => {
      const child = spawn(process.execPath, [BIN, 'pull', folder], {
        env: { PATH: process.env.PATH ?? '', HOME: home, NODE_ENV: 'production', SOCIAL_LISTS_SYNC_CONFIG_DIR: configDir },
        stdio: ['ignore', 'ignore', 'inherit'],
      });
      child.on('error', reject);
      child.on('close', (c) => resolve(c ?? -1));
    });
    const seconds = (performance.now() - started) / 1000;
    if (code !== 0) throw new Error(`social-lists-sync pull exited with ${code}`);
    const files = await countFiles(folder);
    if (files !== count) throw new Error(`pulled ${files} files, expected ${count}`);
    return { name: `social-lists-sync first pull of ${count} documents`, documents: count, seconds: Number(seconds.toFixed(2)) };
  } finally {
    await rm(home, { recursive: true, force: true });
  }
}

async function standalone(): Promise<void> {
  const { createTestApp, registerUser, setUserFields } = await import('../test/helpers/app.js');
  const t = await createTestApp({ smtp: false });
  try {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    const user = await registerUser(t.app);
    await setUserFields(t.db, user.user.id, { account_status: 'active', customer_status: 'subscriber', email_verified: true });
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/sync-token', payload: { email: user.user.email, password: user.password } });
    const figure = await cliFirstPull(base, res.json().token);
    process.stdout.write(`${JSON.stringify({ engine: process.env.TEST_ENGINE ?? 'sqlite', ...figure })}\n`);
  } finally {
    await t.close();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  standalone().catch((err) => {
    process.stderr.write(`${err.stack ?? err}\n`);
    process.exit(1);
  });
}
