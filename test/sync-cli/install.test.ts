import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, readFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli, startCliFixture, type CliFixture, type CliResult } from './support.js';

// Installing the bin as the README says. `npm link`, run once in the checkout, puts
// social-lists-sync in npm's global bin folder, and from there it syncs a folder from another
// directory; `npx social-lists-sync` inside the checkout runs the checkout's own bin. Neither may
// ask the npm registry anything (a lookup of the name there would run whatever package holds
// it): npm's registry is a loopback stand-in that records every request, and must see none.
// npm's global folder and cache are temporary; npm's own weekly check for a newer npm (a request
// about npm itself, not this package) is off.

const T = 120_000;
const CHECKOUT = fileURLToPath(new URL('../../', import.meta.url));
const README = join(CHECKOUT, 'README.md');

let fixture: CliFixture;
let registry: Server;
const asked: string[] = [];
let npmEnv: Record<string, string>;

/** Runs npm or npx with the test's own npm settings. */
function npm(command: 'npm' | 'npx', args: string[], cwd: string): Promise<CliResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd, env: npmEnv, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code: code ?? -1, stdout, stderr }));
  });
}

function expectCode(res: CliResult, code: number) {
  expect(res.code, `exit ${res.code}\nstdout:\n${res.stdout}\nstderr:\n${res.stderr}`).toBe(code);
}

beforeAll(async () => {
  fixture = await startCliFixture('sync-install-');
  registry = createServer((req, res) => {
    asked.push(`${req.method} ${req.url}`);
    res.writeHead(404, { 'content-type': 'application/json' }).end('{"error":"not found"}');
  });
  await new Promise<void>((resolve) => registry.listen(0, '127.0.0.1', resolve));
  npmEnv = {
    PATH: process.env.PATH ?? '',
    HOME: fixture.home,
    npm_config_registry: `http://127.0.0.1:${(registry.address() as AddressInfo).port}/`,
    npm_config_prefix: join(fixture.home, 'npm-global'),
    npm_config_cache: join(fixture.home, 'npm-cache'),
    npm_config_update_notifier: 'false',
  };
}, T);

afterAll(async () => {
  await new Promise((resolve) => registry?.close(resolve));
  await fixture?.close();
});

describe('installing social-lists-sync', () => {
  it('the README installs it with npm link, and runs npx only inside the checkout', async () => {
    const readme = await readFile(README, 'utf8');
    const section = readme.slice(readme.indexOf('## Command-line sync client'), readme.indexOf('\n## ', readme.indexOf('## Command-line sync client') + 1));
    expect(section).toContain('`npm link`');
    const sentences = section.replace(/\s+/g, ' ').split(/(?<=[.:;]) /);
    const npx = sentences.filter((s) => s.includes('npx social-lists-sync'));
    expect(npx.length).toBeGreaterThan(0);
    for (const sentence of npx) expect(sentence).toMatch(/inside the checkout/i);
  });

  it('npm link in the checkout puts it on the PATH; it logs in and pulls from another folder; no registry request', { timeout: T }, async () => {
    const { t, server, user, home, configDir, dir } = fixture;
    expectCode(await npm('npm', ['link'], CHECKOUT), 0);
    const globalBin = join(npmEnv.npm_config_prefix, 'bin');
    expect(existsSync(join(globalBin, 'social-lists-sync'))).toBe(true);

    const elsewhere = join(home, 'elsewhere');
    await mkdir(elsewhere);
    const linked = (args: string[], input?: string) =>
      runCli(args, { cwd: elsewhere, configDir, input, command: 'social-lists-sync', env: { PATH: `${globalBin}:${process.env.PATH ?? ''}` } });
    expectCode(await linked(['login', server, user.user.email, '--password-stdin'], `${user.password}\n`), 0);
    const token = JSON.parse(await readFile(join(configDir, 'credentials.json'), 'utf8')).token;
    const created = await t.app.inject({ method: 'POST', url: '/api/documents', headers: { authorization: `Bearer ${token}` }, payload: { title: 'Linked', content: '# Linked\n', relativePath: 'linked.md', isPublic: false } });
    expect(created.statusCode, created.body).toBe(201);
    expectCode(await linked(['pull', dir]), 0);
    expect(await readFile(join(dir, 'linked.md'), 'utf8')).toBe('# Linked\n');
    expect(asked).toEqual([]);
  });

  it('npx social-lists-sync inside the checkout (and in a folder of it) runs the checkout’s bin; no registry request', { timeout: T }, async () => {
    const { version } = JSON.parse(await readFile(join(CHECKOUT, 'package.json'), 'utf8')) as { version: string };
    for (const cwd of [CHECKOUT, join(CHECKOUT, 'test')]) {
      const res = await npm('npx', ['social-lists-sync', '--version'], cwd);
      expectCode(res, 0);
      expect(res.stdout.trim()).toBe(version);
    }
    expect(asked).toEqual([]);
  });
});
