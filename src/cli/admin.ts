import { HELP, parseAdminArgs, PASSWORD_ON_COMMAND_LINE, PASSWORD_VARIABLE, USAGE, UsageError, type AdminCommand } from './admin-args.js';
import { promptPassword, readStdinLine } from './prompt.js';

// Operator CLI (`npm run admin -- --help`): creates an administrator as the bootstrap
// administrator is made at start-up, changes an account as PUT /api/admin/users/{id} does,
// through the same service functions, and backs up and restores the embedded database. Every
// command that opens a database first says which (standard error). Exit codes: 0 done, 1 failed,
// 2 usage error. The service's modules are loaded only once a command needs them, so that --help
// and a usage error answer at once.

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
  const { invalidAdministratorAccount } = await import('../features/admin/service.js');
  const problem = invalidAdministratorAccount({ email: command.email, username: command.username, password });
  if (problem) usage(`Invalid value: ${problem}`);
  return password;
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
  const { loadConfig } = await import('../config.js');
  const config = loadConfig();
  if (command.kind === 'restore') {
    const { restore } = await import('./admin-commands.js');
    process.stdout.write(`${await restore(config, command.folder)}\n`);
    return;
  }
  const { describeDatabase, openServiceDatabase } = await import('./admin-database.js');
  const { db, raw } = openServiceDatabase(config.database);
  try {
    process.stderr.write(`${await describeDatabase(config.database, db)}\n`);
    const commands = await import('./admin-commands.js');
    const line =
      command.kind === 'backup' ? await commands.backup(config, db, raw, command.folder) : await commands.changeAccounts(config, db, command, password);
    process.stdout.write(`${line}\n`);
  } finally {
    await db.close();
  }
}

main().catch((err) => {
  // A refused change (the last administrator, say) is the service's own error: its message says why.
  process.stderr.write(`admin: ${(err as Error).message}\n`);
  process.exit(1);
});
