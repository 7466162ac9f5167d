import { spawn } from 'node:child_process';
import { mkdir, mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createTestApp, registerUser, setUserFields, type Registered, type TestApp } from '../helpers/app.js';

// Helpers of the command-line sync client's end-to-end tests: the real bin as a child process,
// started asynchronously (the server lives in the test process: a synchronous spawn would
// block the very event loop that has to answer the child).

// The client from source (what the npm bin runs, compiled: test/service/build.test.ts runs the bin).
export const BIN = fileURLToPath(new URL('./bin-from-source.js', import.meta.url));

/** What an end-to-end CLI test works with: the app on loopback, a subscriber, and a temporary home. */
export interface CliFixture {
  t: TestApp;
  server: string;
  user: Registered;
  home: string;
  configDir: string;
  /** The folder being synced (empty at the start). */
  dir: string;
  close(): Promise<void>;
}

/** Starts the app listening on loopback with a subscriber (documents are for subscribers) and an empty folder. */
export async function startCliFixture(prefix: string): Promise<CliFixture> {
  const t = await createTestApp({ smtp: false });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const server = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  const user = await registerUser(t.app);
  await setUserFields(t.db, user.user.id, { account_status: 'active', customer_status: 'subscriber', email_verified: true });
  const home = await mkdtemp(join(tmpdir(), prefix));
  const dir = join(home, 'notes');
  await mkdir(dir);
  return {
    t,
    server,
    user,
    home,
    configDir: join(home, 'config'),
    dir,
    close: async () => {
      await t.close();
      // Retried: a process that has just been stopped (tmux's shell) may still be writing into it.
      await rm(home, { recursive: true, force: true, maxRetries: 10, retryDelay: 100 });
    },
  };
}

export interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs the bin (`node BIN`, or `options.command` found on the PATH) with a clean environment. */
export function runCli(args: string[], options: { cwd: string; configDir: string; input?: string; env?: Record<string, string>; command?: string }): Promise<CliResult> {
  const [file, ...before] = options.command ? [options.command] : [process.execPath, BIN];
  return new Promise((resolve, reject) => {
    const child = spawn(file, [...before, ...args], {
      cwd: options.cwd,
      env: {
        PATH: process.env.PATH ?? '',
        HOME: options.configDir,
        NODE_ENV: 'production',
        SOCIAL_LISTS_SYNC_CONFIG_DIR: options.configDir,
        ...options.env,
      },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code: code ?? -1, stdout, stderr }));
    child.stdin.end(options.input ?? '');
  });
}

/** Every file under the folder with its content (the state file included), for before/after comparisons. */
export async function snapshot(root: string): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  async function walk(dir: string, rel: string): Promise<void> {
    for (const e of await readdir(dir, { withFileTypes: true })) {
      const path = rel ? `${rel}/${e.name}` : e.name;
      if (e.isDirectory()) {
        out[`${path}/`] = '';
        await walk(join(dir, e.name), path);
      } else out[path] = await readFile(join(dir, e.name), 'utf8');
    }
  }
  await walk(root, '');
  return out;
}

export interface ServerDoc {
  id: string;
  path: string;
  title: string;
  content: string;
  revision: number;
}

/** The user's live documents as `folder/path/name.md` → document, through the sync pull. */
export async function serverDocs(t: TestApp, bearer: string): Promise<Map<string, ServerDoc>> {
  const res = await t.app.inject({ method: 'GET', url: '/api/documents/sync', headers: { authorization: bearer } });
  if (res.statusCode !== 200) throw new Error(`pull ${res.statusCode}: ${res.body}`);
  const body = res.json() as {
    folders: { id: string; path: string }[];
    documents: { id: string; folderId: string | null; relativePath: string; title: string; content: string; revision: number }[];
  };
  const folderPath = new Map(body.folders.map((f) => [f.id, f.path]));
  const out = new Map<string, ServerDoc>();
  for (const d of body.documents) {
    const dir = d.folderId === null ? '' : `${folderPath.get(d.folderId)}/`;
    out.set(`${dir}${d.relativePath}`, { id: d.id, path: `${dir}${d.relativePath}`, title: d.title, content: d.content, revision: d.revision });
  }
  return out;
}
