import { execFile, spawnSync } from 'node:child_process';
import { promisify } from 'node:util';
import { mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { AddressInfo } from 'node:net';
import openapiTS, { astToString } from 'openapi-typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, uniqueName, type TestApp } from '../helpers/app.js';

// An outside client's view: types generated from the served document with openapi-typescript, a
// small program written against them with openapi-fetch, compiled with `tsc --strict`, then run
// against the app over real HTTP. A document that stops describing what the service does breaks
// either the compile or the run.

const CLIENT = `
import createClient from 'openapi-fetch';
import type { paths } from './api.js';

const client = createClient<paths>({ baseUrl: process.env.BASE_URL! });
const username = process.env.USERNAME!;
const email = \`\${username}@example.org\`;
const password = 'correct horse battery';

const registered = await client.POST('/api/auth/register', { body: { email, username, password, displayName: 'Typed Client' } });
if (!registered.data) throw new Error('register failed: ' + JSON.stringify(registered.error));
const registeredUser: { id: string; email: string; emailVerified: boolean } = registered.data.user;

const login = await client.POST('/api/auth/login', { body: { email, password } });
if (!login.data) throw new Error('login failed: ' + JSON.stringify(login.error));
const cookie = login.response.headers.get('set-cookie')!.split(';')[0];

const me = await client.GET('/api/user', { headers: { cookie } });
if (!me.data) throw new Error('GET /api/user failed: ' + JSON.stringify(me.error));
const accountStatus: 'probation' | 'active' | 'restricted' | 'suspended' | 'banned' = me.data.user.accountStatus;

const wrong = await client.POST('/api/auth/login', { body: { email, password: 'not the password' } });
const errorCode: string | undefined = wrong.error?.code;

console.log(JSON.stringify({
  registeredId: registeredUser.id,
  loginUser: login.data.user.username,
  me: { id: me.data.user.id, email: me.data.user.email, accountStatus, maxMessageLength: me.data.user.maxMessageLength },
  wrongStatus: wrong.response.status,
  errorCode,
}));
`;

let t: TestApp;
let baseUrl: string;
let dir: string;

beforeAll(async () => {
  t = await createTestApp({ smtp: false });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  baseUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  dir = mkdtempSync(join(tmpdir(), 'typed-client-'));
  symlinkSync(resolve('node_modules'), join(dir, 'node_modules'));
});
afterAll(async () => {
  await t.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('a typed client generated from the served document', () => {
  it('compiles with tsc --strict and registers, logs in and reads the current user', async () => {
    const doc = await (await fetch(`${baseUrl}/api/openapi.json`)).json();
    writeFileSync(join(dir, 'api.ts'), astToString(await openapiTS(doc)));
    writeFileSync(join(dir, 'main.ts'), CLIENT);
    writeFileSync(join(dir, 'package.json'), JSON.stringify({ type: 'module' }));

    const tsc = spawnSync(
      process.execPath,
      [resolve('node_modules/typescript/bin/tsc'), '--strict', '--noEmit', '--target', 'es2022', '--module', 'nodenext', '--moduleResolution', 'nodenext', '--types', 'node', '--skipLibCheck', 'main.ts'],
      { cwd: dir, encoding: 'utf8' },
    );
    expect(tsc.stdout + tsc.stderr, 'tsc --strict').toBe('');
    expect(tsc.status).toBe(0);

    const username = uniqueName('typed');
    // Asynchronously: the server answering the program lives in this process.
    const run = await promisify(execFile)(process.execPath, ['--import', 'tsx', 'main.ts'], {
      cwd: dir,
      encoding: 'utf8',
      env: { ...process.env, BASE_URL: baseUrl, USERNAME: username },
      timeout: 20_000,
    });
    expect(run.stderr).toBe('');
    const out = JSON.parse(run.stdout.trim());
    expect(out).toMatchObject({
      loginUser: username,
      me: { id: out.registeredId, email: `${username}@example.org`, accountStatus: 'probation', maxMessageLength: 666 },
      wrongStatus: 400,
      errorCode: 'invalid_credentials',
    });
  });

  it('fails to compile a program that misuses the API (the types are real)', () => {
    writeFileSync(
      join(dir, 'wrong.ts'),
      `import createClient from 'openapi-fetch';\nimport type { paths } from './api.js';\nconst c = createClient<paths>({ baseUrl: 'http://x' });\nawait c.POST('/api/auth/login', { body: { email: 'a@b.c' } });\nexport {};\n`,
    );
    const tsc = spawnSync(
      process.execPath,
      [resolve('node_modules/typescript/bin/tsc'), '--strict', '--noEmit', '--target', 'es2022', '--module', 'nodenext', '--moduleResolution', 'nodenext', '--types', 'node', '--skipLibCheck', 'wrong.ts'],
      { cwd: dir, encoding: 'utf8' },
    );
    expect(tsc.status).not.toBe(0);
    expect(tsc.stdout).toMatch(/password/);
  });
});
