import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSqlite } from '../../src/db/connection.js';
import { toBool } from '../../src/db/dialect.js';
import { PasswordHasher } from '../../src/lib/crypto.js';

// The operator CLI, run as operators run it, against a temporary SQLite file.

const ROOT = join(import.meta.dirname, '..', '..');
let dir: string;
let databaseUrl: string;

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

function cli(args: string[]): Promise<Run> {
  const env: NodeJS.ProcessEnv = { ...process.env, DATABASE_URL: databaseUrl, LOG_LEVEL: 'silent' };
  for (const name of ['ADMIN_EMAIL', 'ADMIN_USERNAME', 'ADMIN_PASSWORD', 'NODE_OPTIONS']) delete env[name];
  return new Promise((resolve) => {
    // `npx tsx`, minus npm's start-up time: the project's own tsx binary.
    execFile(join(ROOT, 'node_modules', '.bin', 'tsx'), ['src/cli/admin.ts', ...args], { cwd: ROOT, env, timeout: 60_000 }, (err, stdout, stderr) => {
      const code = err ? (typeof err.code === 'number' ? err.code : -1) : 0;
      resolve({ code, stdout, stderr });
    });
  });
}

async function rows() {
  const { db } = openSqlite(join(dir, 'x.db'));
  try {
    const k = db.kysely;
    return {
      users: await k.selectFrom('users').selectAll().execute(),
      administrators: await k.selectFrom('administrators').selectAll().execute(),
      members: await k
        .selectFrom('organization_members as m')
        .innerJoin('organizations as o', 'o.id', 'm.organization_id')
        .select(['m.user_id', 'm.role', 'o.slug', 'o.is_system'])
        .execute(),
    };
  } finally {
    await db.close();
  }
}

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'admin-cli-'));
  databaseUrl = `sqlite:${join(dir, 'x.db')}`;
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('npm run admin -- create', { timeout: 120_000 }, () => {
  it('creates the administrator, prints one line and exits 0', async () => {
    const run = await cli(['create', '--email', 'Ops@Example.com', '--username', 'ops', '--password', 'operator secret']);
    expect(run.code, run.stderr).toBe(0);
    const lines = run.stdout.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/ops <ops@example\.com> created/);

    const { users, administrators, members } = await rows();
    expect(users).toHaveLength(1);
    const [user] = users;
    expect(user).toMatchObject({ email: 'ops@example.com', username: 'ops', account_status: 'active' });
    expect(toBool(user.email_verified)).toBe(true);
    expect(toBool(user.cleared)).toBe(true);
    expect(await new PasswordHasher().verify(user.password_hash!, 'operator secret')).toBe(true);
    expect(administrators.map((a) => a.user_id)).toEqual([user.id]);
    expect(members).toHaveLength(1);
    expect(members[0]).toMatchObject({ user_id: user.id, role: 'owner', slug: 'public' });
    expect(toBool(members[0].is_system)).toBe(true);
  });

  it('running it again changes nothing, not even the password', async () => {
    const before = await rows();
    const run = await cli(['create', '--email', 'ops@example.com', '--username', 'ops', '--password', 'a different one']);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout.trim().split('\n')).toHaveLength(1);
    expect(run.stdout).toMatch(/already existed/);
    expect(await rows()).toEqual(before);
  });

  it('usage errors print the usage line and exit 2, writing nothing', async () => {
    const before = await rows();
    const cases = [
      [],
      ['delete', '--email', 'x@example.com', '--username', 'xx_user', '--password', 'long enough'],
      ['create', '--email', 'x@example.com', '--username', 'xx_user'],
      ['create', '--email', 'x@example.com', '--username', 'xx_user', '--password', 'long enough', '--role', 'god'],
      ['create', '--email', 'not-an-email', '--username', 'xx_user', '--password', 'long enough'],
      ['create', '--email', 'x@example.com', '--username', 'xx_user', '--password', 'short'],
      ['create', 'extra', '--email', 'x@example.com', '--username', 'xx_user', '--password', 'long enough'],
    ];
    const runs = await Promise.all(cases.map((args) => cli(args)));
    runs.forEach((run, i) => {
      expect(run.code, JSON.stringify(cases[i])).toBe(2);
      expect(run.stderr).toContain('Usage: npm run admin -- create --email');
      expect(run.stdout).toBe('');
    });
    expect(await rows()).toEqual(before);
  });
});
