import { parseArgs } from 'node:util';
import pino from 'pino';
import { LogMailer } from '../adapters/mailer.js';
import { loadConfig } from '../config.js';
import { openDatabase } from '../db/connection.js';
import { migrateToLatest } from '../db/migrate.js';
import { ensureAdministrator, invalidAdministratorAccount } from '../features/admin/service.js';
import { FEATURES } from '../features/index.js';
import { createContext } from '../runtime/context.js';

// Operator CLI: `npm run admin -- create --email E --username U --password P` does what the
// bootstrap administrator does at start-up, with the same function. Exit codes: 0 done,
// 1 failed, 2 usage error.

const USAGE = 'Usage: npm run admin -- create --email <email> --username <username> --password <password>';

function usage(problem: string): never {
  process.stderr.write(`${problem}\n${USAGE}\n`);
  process.exit(2);
}

function parse(argv: string[]) {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      strict: true,
      options: { email: { type: 'string' }, username: { type: 'string' }, password: { type: 'string' } },
    });
  } catch (err) {
    usage((err as Error).message);
  }
  const { positionals, values } = parsed;
  if (positionals.length !== 1 || positionals[0] !== 'create') usage('Expected exactly one command: create');
  const { email, username, password } = values;
  if (!email || !username || !password) usage('--email, --username and --password are required');
  const account = { email, username, password };
  const problem = invalidAdministratorAccount(account);
  if (problem) usage(`Invalid value: ${problem}`);
  return account;
}

async function main(): Promise<void> {
  const account = parse(process.argv.slice(2));
  const config = loadConfig();
  const db = openDatabase(config.database);
  try {
    await migrateToLatest(db);
    const log = pino({ level: 'warn' });
    // The app's own context (its background work is never started here: jobs are the server's);
    // mail is only logged, never sent, from the CLI.
    const ctx = createContext(config, { db, log: () => log, mailer: new LogMailer(() => log, true) }, FEATURES);
    try {
      const { user, created } = await ensureAdministrator(ctx, account);
      process.stdout.write(
        `Administrator ${user.username} <${user.email}> ${created ? 'created' : 'already existed; administrator rights ensured'} (id ${user.id})\n`,
      );
    } finally {
      await ctx.runtime.stop();
    }
  } finally {
    await db.close();
  }
}

main().catch((err) => {
  process.stderr.write(`admin: ${(err as Error).message}\n`);
  process.exit(1);
});
