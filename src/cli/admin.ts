import pino from 'pino';
import { loadConfig } from '../config.js';
import { openDatabase } from '../db/connection.js';
import { migrateToLatest } from '../db/migrate.js';
import { ensureAdministrator, invalidAdministratorAccount, updateAdminUser } from '../features/admin/service.js';
import { FEATURES } from '../features/index.js';
import { findUserByEmail, findUserById, findUserByUsername } from '../features/users/service.js';
import { createContext, type AppContext } from '../runtime/context.js';
import { HELP, parseAdminArgs, PASSWORD_ON_COMMAND_LINE, PASSWORD_VARIABLE, USAGE, UsageError, type AdminCommand } from './admin-args.js';
import { promptPassword, readStdinLine } from './prompt.js';

// Operator CLI (`npm run admin -- --help`): creates an administrator as the bootstrap
// administrator is made at start-up, and changes an account as PUT /api/admin/users/{id} does,
// through the same service functions. Exit codes: 0 done, 1 failed, 2 usage error.

function usage(problem: string): never {
  process.stderr.write(`${problem}\n${USAGE}\n`);
  process.exit(2);
}

/** The password of a new administrator: ADMIN_CLI_PASSWORD, else typed twice without echo, else standard input's first line. */
async function readPassword(env: NodeJS.ProcessEnv = process.env): Promise<string> {
  const fromEnv = env[PASSWORD_VARIABLE];
  if (fromEnv) return fromEnv;
  if (!process.stdin.isTTY) return readStdinLine();
  const first = await promptPassword('Password: ');
  if (first !== (await promptPassword('Password again: '))) throw new Error('The two passwords differ: nothing was changed');
  return first;
}

/** The password, read and checked with the rest of the account before any database work. */
async function passwordFor(command: Extract<AdminCommand, { kind: 'create' }>): Promise<string> {
  if (command.password !== undefined) process.stderr.write(`${PASSWORD_ON_COMMAND_LINE}\n`);
  const password = command.password ?? (await readPassword());
  const problem = invalidAdministratorAccount({ email: command.email, username: command.username, password });
  if (problem) usage(`Invalid value: ${problem}`);
  return password;
}

async function create(ctx: AppContext, command: Extract<AdminCommand, { kind: 'create' }>, password: string): Promise<string> {
  const { user, created } = await ensureAdministrator(ctx, { email: command.email, username: command.username, password });
  return `Administrator ${user.username} <${user.email}> ${created ? 'created' : 'already existed; administrator rights ensured'} (id ${user.id})`;
}

async function update(ctx: AppContext, command: Extract<AdminCommand, { kind: 'update' }>): Promise<string> {
  const db = ctx.db.kysely;
  const ref = command.user;
  const target = ref.includes('@') ? await findUserByEmail(db, ref) : ((await findUserByUsername(db, ref)) ?? (await findUserById(db, ref)));
  if (!target) throw new Error(`No user "${ref}" (give a username, an e-mail address or a user id)`);
  const { user, isAdministrator } = await updateAdminUser(ctx, null, target.id, command.patch);
  return `User ${user.username} <${user.email}>: customerStatus ${user.customer_status}, accountStatus ${user.account_status}, ${isAdministrator ? 'administrator' : 'not an administrator'} (id ${user.id})`;
}

async function main(): Promise<void> {
  let command: AdminCommand;
  try {
    command = parseAdminArgs(process.argv.slice(2));
  } catch (err) {
    if (err instanceof UsageError) usage(err.message);
    throw err;
  }
  if (command.kind === 'help') {
    process.stdout.write(`${HELP}\n`);
    return;
  }
  // The password is read before the database is opened: a typo at the prompt changes nothing.
  const password = command.kind === 'create' ? await passwordFor(command) : null;
  const config = loadConfig();
  const db = openDatabase(config.database);
  try {
    await migrateToLatest(db);
    const log = pino({ level: 'warn' });
    // The app's own context (its background work is never started here: jobs are the server's).
    const ctx = createContext(config, { db, log: () => log }, FEATURES);
    try {
      const line = command.kind === 'create' ? await create(ctx, command, password!) : await update(ctx, command);
      process.stdout.write(`${line}\n`);
    } finally {
      await ctx.runtime.stop();
    }
  } finally {
    await db.close();
  }
}

main().catch((err) => {
  // A refused change (the last administrator, say) is the service's own error: its message says why.
  process.stderr.write(`admin: ${(err as Error).message}\n`);
  process.exit(1);
});
