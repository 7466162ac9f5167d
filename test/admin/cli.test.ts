import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import { loadConfig } from '../../src/config.js';
import { toBool } from '../../src/db/dialect.js';
import { migrateToLatest } from '../../src/db/migrate.js';
import type { Db } from '../../src/db/connection.js';
import { PasswordHasher } from '../../src/lib/crypto.js';
import { sessionCookie, testPasswords } from '../helpers/app.js';
import { ensureBuilt } from '../helpers/build.js';
import { childEnv, processDatabase, ROOT, runToExit, type Finished, type ProcessDatabase } from '../helpers/server-process.js';
import { onTerminal } from '../helpers/terminal.js';

// The operator CLI, run as operators run it (a child process of the compiled CLI, dist/, as
// `npm run admin` runs it), against a database of the engine under test; what it did is read back
// from the database and through the API.

let database: ProcessDatabase;
let db: Db;

/** What `npm run admin -- <args>` runs (package.json), minus npm's own start-up time. */
const ADMIN_CLI = [process.execPath, join(ROOT, 'dist', 'cli', 'admin.js')];

function cli(args: string[], options: { env?: Record<string, string>; input?: string } = {}): Promise<Finished> {
  const env = childEnv({ DATABASE_URL: database.url, LOG_LEVEL: 'silent', ...options.env });
  return runToExit(ADMIN_CLI[0], [ADMIN_CLI[1], ...args], env, options.input);
}

const withPassword = (password: string) => ({ env: { ADMIN_CLI_PASSWORD: password } });

async function rows() {
  const k = db.kysely;
  return {
    users: await k.selectFrom('users').selectAll().orderBy('created_at').execute(),
    administrators: await k.selectFrom('administrators').selectAll().execute(),
    members: await k
      .selectFrom('organization_members as m')
      .innerJoin('organizations as o', 'o.id', 'm.organization_id')
      .select(['m.user_id', 'm.role', 'o.slug', 'o.is_system'])
      .orderBy('m.user_id')
      .execute(),
  };
}

/** The line every command that opens the database writes first (standard error): engine, where, how many users. */
const DATABASE_LINE = /^Database: (SQLite \/\S+\/service\.db|PostgreSQL database \w+ on 127\.0\.0\.1:5432), \d+ users?$/;
const stderrLines = (run: Finished) => run.stderr.trimEnd().split('\n');

beforeAll(async () => {
  // Built as `npm install` builds it, when a source file is newer than the last build.
  await ensureBuilt();
  database = await processDatabase();
  // The service's database, as the server leaves it at its first start (the CLI creates none).
  db = database.open();
  await migrateToLatest(db);
  const help = await cli(['--help']);
  expect(help.code, help.stderr).toBe(0);
  const first = await cli(['create', '--email', 'Ops@Example.com', '--username', 'ops'], withPassword('operator secret'));
  expect(first.code, first.stderr).toBe(0);
}, 120_000);
afterAll(async () => {
  await db?.close();
  await database.drop();
});

describe('npm run admin -- --help', { timeout: 60_000 }, () => {
  it.each([['--help'], ['-h'], ['help']])('%s prints the commands, the password rule and the exit codes, and exits 0', async (arg) => {
    const run = await cli([arg]);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stderr).toBe('');
    for (const text of [
      'npm run admin -- create --email <email> --username <username>',
      'npm run admin -- update <user> [--customer-status <tier>] [--account-status <status>] [--administrator yes|no]',
      'ADMIN_CLI_PASSWORD',
      'a password on the command line is shown by npm',
      'free, subscriber, subscriber:monthly, subscriber:annual',
      'probation, active, restricted, suspended, banned',
      'Exit codes: 0 done, 1 failed',
    ]) {
      expect(run.stdout).toContain(text);
    }
  });
});

describe('npm run admin -- create', { timeout: 240_000 }, () => {
  it('created the administrator from ADMIN_CLI_PASSWORD, printing one line', async () => {
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

  it('reads the password from standard input when it is not a terminal', async () => {
    const run = await cli(['create', '--email', 'piped@example.com', '--username', 'piped'], { input: 'piped password 1\n' });
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout.trim().split('\n')).toEqual([expect.stringMatching(/^Administrator piped <piped@example\.com> created \(id .+\)$/)]);
    const user = (await rows()).users.find((u) => u.username === 'piped')!;
    expect(await new PasswordHasher().verify(user.password_hash!, 'piped password 1')).toBe(true);
  });

  it('on a terminal asks the password twice without echoing it', async () => {
    const env = childEnv({ DATABASE_URL: database.url, LOG_LEVEL: 'silent', TERM: 'xterm' });
    const create = (email: string, username: string, first: string, second: string) =>
      onTerminal([...ADMIN_CLI, 'create', '--email', email, '--username', username], { cwd: ROOT, env }, [
        ['Password: ', `${first}\r`],
        ['Password again: ', `${second}\r`],
      ]);
    const typed = 'typed secret 42';
    const run = await create('tty@example.com', 'tty_admin', typed, typed);
    expect(run.code, run.screen).toBe(0);
    expect(run.screen).toMatch(/Administrator tty_admin <tty@example\.com> created/);
    expect(run.screen).not.toContain(typed);
    const user = (await rows()).users.find((u) => u.username === 'tty_admin')!;
    expect(await new PasswordHasher().verify(user.password_hash!, typed)).toBe(true);

    const before = await rows();
    const differ = await create('other@example.com', 'tty_other', 'first secret 1', 'second secret 2');
    expect(differ.code).toBe(1);
    expect(differ.screen).toContain('admin: The two passwords differ: nothing was changed');
    expect(await rows()).toEqual(before);
  });

  it('takes --password as the operator contract names it, warning without repeating it', async () => {
    for (const [args, username] of [
      [['create', '--email', 'argv1@example.com', '--username', 'argv_one', '--password', 'long enough secret'], 'argv_one'],
      [['create', '--email', 'argv2@example.com', '--username', 'argv_two', '--password=long enough secret'], 'argv_two'],
    ] as const) {
      // The command line wins over the environment variable.
      const run = await cli([...args], withPassword('another secret'));
      expect(run.code, run.stderr).toBe(0);
      expect(run.stderr.split('\n')[0]).toBe(
        'admin: warning: a password on the command line is shown by npm and visible to every user of this machine; next time type it when asked (it is not echoed), or set ADMIN_CLI_PASSWORD.',
      );
      expect(run.stderr + run.stdout).not.toContain('long enough secret');
      const user = await db.kysely.selectFrom('users').selectAll().where('username', '=', username).executeTakeFirstOrThrow();
      expect(await new PasswordHasher().verify(user.password_hash!, 'long enough secret')).toBe(true);
      expect(await db.kysely.selectFrom('administrators').select('user_id').where('user_id', '=', user.id).executeTakeFirst()).toBeDefined();
    }
  });

  it('update takes no password', async () => {
    const before = await rows();
    const run = await cli(['update', 'argv_one', '--password', 'long enough secret']);
    expect(run.code).toBe(2);
    expect(run.stderr).not.toContain('long enough secret');
    expect(await rows()).toEqual(before);
  });

  it('running it again changes nothing, not even the password', async () => {
    const before = await rows();
    const run = await cli(['create', '--email', 'ops@example.com', '--username', 'ops'], withPassword('a different one'));
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout.trim().split('\n')).toHaveLength(1);
    expect(run.stdout).toMatch(/already existed/);
    expect(await rows()).toEqual(before);
  });

  it('usage errors print the usage and exit 2, writing nothing', async () => {
    const before = await rows();
    const cases: [string[], string?][] = [
      [[]],
      [['delete', '--email', 'x@example.com', '--username', 'xx_user']],
      [['create', '--email', 'x@example.com']],
      [['create', '--email', 'x@example.com', '--username', 'xx_user', '--role', 'god']],
      [['create', '--email', 'not-an-email', '--username', 'xx_user']],
      [['create', '--email', 'x@example.com', '--username', 'xx_user'], 'short'],
      [['create', 'extra', '--email', 'x@example.com', '--username', 'xx_user']],
      [['create', '--email', 'x@example.com', '--username', 'xx_user', '--customer-status', 'subscriber']],
    ];
    const runs = await Promise.all(cases.map(([args, password]) => cli(args, withPassword(password ?? 'long enough secret'))));
    runs.forEach((run, i) => {
      expect(run.code, JSON.stringify(cases[i])).toBe(2);
      expect(run.stderr).toContain('Usage: npm run admin -- create --email <email> --username <username>');
      expect(run.stdout).toBe('');
    });
    expect(await rows()).toEqual(before);
  });
});

describe('npm run admin -- update', { timeout: 240_000 }, () => {
  let app: Awaited<ReturnType<typeof buildApp>>;
  let cookie: string;
  let userId: string;

  beforeAll(async () => {
    // The server's side of it: the same database through the API.
    app = await buildApp(loadConfig({ DATABASE_URL: database.url, LOG_LEVEL: 'silent' }), { db, passwords: testPasswords, logger: false });
    await app.ready();
    const reg = await app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { email: 'ada@example.org', username: 'ada', password: 'correct horse battery', displayName: 'Ada' },
    });
    expect(reg.statusCode, reg.body).toBe(201);
    userId = reg.json().user.id;
    cookie = sessionCookie(reg);
  });
  afterAll(async () => {
    await app?.close();
  });

  const me = async () => (await app.inject({ method: 'GET', url: '/api/user', headers: { cookie } })).json().user;
  const newDocument = () => app.inject({ method: 'POST', url: '/api/documents', headers: { cookie }, payload: { title: 'Plan', content: '# Plan\n', isPublic: false } });

  it('sets the account status and the tier of a user named by username, e-mail or id, as the API would', async () => {
    expect(await me()).toMatchObject({ accountStatus: 'probation', customerStatus: 'free' });
    expect((await newDocument()).json().code).toBe('account_probation_feature');

    const active = await cli(['update', 'ada', '--account-status', 'active']);
    expect(active.code, active.stderr).toBe(0);
    expect(active.stdout).toBe(`User ada <ada@example.org>: customerStatus free, accountStatus active, not an administrator (id ${userId})\n`);
    expect((await newDocument()).json().code).toBe('subscription_required');

    const tier = await cli(['update', 'ADA@example.org', '--customer-status', 'subscriber']);
    expect(tier.code, tier.stderr).toBe(0);
    expect(tier.stdout).toContain('customerStatus subscriber, accountStatus active');
    expect((await newDocument()).statusCode).toBe(201);

    const byId = await cli(['update', userId, '--customer-status', 'subscriber:annual']);
    expect(byId.code, byId.stderr).toBe(0);
    expect(await me()).toMatchObject({ accountStatus: 'active', customerStatus: 'subscriber:annual' });
    // The status change went out as the API's would (logged: no SMTP_URL here).
    const mails = await db.kysely.selectFrom('email_logs').select(['email_type', 'subject']).where('user_id', '=', userId).orderBy('created_at').execute();
    expect(mails.map((m) => m.email_type)).toEqual(['verification', 'account_status']);
  });

  it('makes a user an administrator, and no longer one', async () => {
    const admins = () => app.inject({ method: 'GET', url: '/api/admin/users', headers: { cookie } });
    expect((await admins()).statusCode).toBe(403);
    const up = await cli(['update', 'ada', '--administrator', 'yes']);
    expect(up.code, up.stderr).toBe(0);
    expect(up.stdout).toContain(', administrator (id');
    expect((await admins()).statusCode).toBe(200);
    const down = await cli(['update', 'ada', '--administrator', 'no']);
    expect(down.code, down.stderr).toBe(0);
    expect((await admins()).statusCode).toBe(403);
  });

  it('an unknown user is exit 1 with one line; refused values are usage errors; nothing changes', async () => {
    const before = await rows();
    const unknown = await cli(['update', 'nobody_here', '--customer-status', 'subscriber']);
    expect(unknown.code).toBe(1);
    expect(stderrLines(unknown)).toEqual([expect.stringMatching(DATABASE_LINE), 'admin: No user "nobody_here" (give a username, an e-mail address or a user id)']);
    const cases = [
      [['update', 'ada'], 'update needs --customer-status, --account-status or --administrator'],
      [['update', '--customer-status', 'subscriber'], 'update needs exactly one user'],
      [['update', 'ada', '--customer-status', 'gold'], '--customer-status must be one of: free, subscriber, subscriber:monthly, subscriber:annual (got "gold")'],
      [['update', 'ada', '--account-status', 'vip'], '--account-status must be one of: probation, active, restricted, suspended, banned (got "vip")'],
      [['update', 'ada', '--administrator', 'maybe'], '--administrator must be yes or no (got "maybe")'],
      [['update', 'ada', '--email', 'new@example.org', '--customer-status', 'free'], 'update changes no e-mail, username or password'],
    ] as const;
    const runs = await Promise.all(cases.map(([args]) => cli([...args])));
    runs.forEach((run, i) => {
      expect(run.code, cases[i][0].join(' ')).toBe(2);
      expect(run.stderr).toContain(cases[i][1]);
      expect(run.stderr).toContain('Usage: npm run admin --');
    });
    expect(await rows()).toEqual(before);
  });

  it('keeps the service’s own rules: the last administrator cannot be locked out', async () => {
    const admins = await db.kysely
      .selectFrom('administrators')
      .innerJoin('users', 'users.id', 'administrators.user_id')
      .select('users.username')
      .orderBy('users.username')
      .execute();
    const names = admins.map((a) => a.username);
    expect(names.length).toBeGreaterThan(1);
    for (const name of names.slice(0, -1)) expect((await cli(['update', name, '--account-status', 'suspended'])).code).toBe(0);
    const last = await cli(['update', names[names.length - 1], '--account-status', 'suspended']);
    expect(last.code).toBe(1);
    expect(stderrLines(last)).toEqual([expect.stringMatching(DATABASE_LINE), 'admin: This change would leave no active administrator']);
    for (const name of names.slice(0, -1)) expect((await cli(['update', name, '--account-status', 'active'])).code).toBe(0);
  });
});

describe('the database each command works on', { timeout: 120_000 }, () => {
  it('is named first, with how many users it holds, and never with the password', async () => {
    const users = (await rows()).users.length;
    // On PostgreSQL a password in the URL (the test server trusts loopback, so it is not checked).
    const url = database.url.replace('postgres://postgres@', 'postgres://postgres:s3cret-pw@');
    const run = await cli(['update', 'ops', '--customer-status', 'free'], { env: { DATABASE_URL: url } });
    expect(run.code, run.stderr).toBe(0);
    expect(stderrLines(run)).toEqual([expect.stringMatching(DATABASE_LINE)]);
    expect(run.stderr).toContain(`, ${users} users`);
    const where = database.url.startsWith('sqlite:') ? `SQLite ${database.url.slice('sqlite:'.length)}` : `PostgreSQL database ${new URL(database.url).pathname.slice(1)} on 127.0.0.1:5432`;
    expect(run.stderr).toContain(`Database: ${where}, `);
    expect(run.stderr + run.stdout).not.toContain('s3cret-pw');
  });

  // Files of its own, whatever the engine under test: it runs (and passes) on both.
  it(
    'SQLite: a missing file, an empty file or another program’s database is refused with a hint, and left as it was',
    async () => {
      const dir = mkdtempSync(join(tmpdir(), 'sls-admin-db-'));
      try {
        const missing = join(dir, 'missing.db');
        const empty = join(dir, 'empty.db');
        writeFileSync(empty, '');
        const other = join(dir, 'other.db');
        const raw = new BetterSqlite3(other);
        raw.exec('create table notes (id integer primary key, body text)');
        raw.close();
        for (const [file, why] of [
          [missing, `No database at ${missing}`],
          [empty, `${empty} holds no service data`],
          [other, `${other} holds no service data`],
        ]) {
          const before = existsSync(file) ? readFileSync(file) : null;
          const run = await cli(['update', 'ops', '--customer-status', 'free'], { env: { DATABASE_URL: `sqlite:${file}` } });
          expect(run.code, file).toBe(1);
          expect(run.stdout).toBe('');
          expect(stderrLines(run)).toEqual([expect.stringContaining(`admin: ${why}`)]);
          expect(run.stderr).toContain(`DATABASE_URL is sqlite:${file}`);
          expect(run.stderr).toContain('set DATABASE_URL to the service’s database');
          expect(existsSync(file) ? readFileSync(file) : null).toEqual(before);
        }
        expect(existsSync(`${missing}-wal`)).toBe(false);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  );
});
