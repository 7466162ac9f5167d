import { parseArgs } from 'node:util';
import { CUSTOMER_STATUSES, type CustomerStatus } from '../config.js';
import { ACCOUNT_STATUSES, type AccountStatus } from '../features/users/service.js';

// The admin CLI's command line: what to do, parsed and checked before anything is opened. A
// password is best not given on it (npm prints the command it runs, and `ps` shows it to every
// user of the machine): it comes from a prompt or ADMIN_CLI_PASSWORD (admin.ts). `--password`
// still works, with a warning, because the service's operator contract names it
// (`npm run admin -- create --email E --username U --password P`) and scripts rely on it.

export const PASSWORD_VARIABLE = 'ADMIN_CLI_PASSWORD';

export type AdminCommand =
  | { kind: 'help' }
  | { kind: 'create'; email: string; username: string; password?: string }
  | { kind: 'update'; user: string; patch: { customerStatus?: CustomerStatus; accountStatus?: AccountStatus; isAdministrator?: boolean } }
  | { kind: 'backup'; folder: string }
  | { kind: 'restore'; folder: string };

/** A command line that cannot be run: printed with the usage, exit code 2. */
export class UsageError extends Error {}

export const USAGE = `Usage: npm run admin -- create --email <email> --username <username> [--password <password>]
       npm run admin -- update <user> [--customer-status <tier>] [--account-status <status>] [--administrator yes|no]
       npm run admin -- backup <folder>
       npm run admin -- restore <folder>
       npm run admin -- --help`;

export const HELP = `Operator commands of the Social Lists Service, run in its checkout against its database
(DATABASE_URL, default sqlite:./data/service.db; the server may be running). Each command first
prints the database it opened and how many users it holds; a SQLite file that does not exist or
holds no service data is refused, never created.

${USAGE}

create --email <email> --username <username>
    Creates an administrator account (e-mail verified, active); when an account has that e-mail
    already, makes it an administrator and leaves its password as it is. The password is asked
    without echo, or read from the ${PASSWORD_VARIABLE} environment variable, or from the first
    line of standard input when that is not a terminal. --password <password> works too, with a
    warning: a password on the command line is shown by npm and visible to every user of this
    machine.

update <user> [--customer-status <tier>] [--account-status <status>] [--administrator yes|no]
    Changes one account, as PUT /api/admin/users/{id} does (the account-status e-mail included).
    <user> is a username, an e-mail address or a user id.
      --customer-status   ${CUSTOMER_STATUSES.join(', ')} (any but free is a subscriber)
      --account-status    ${ACCOUNT_STATUSES.join(', ')}
      --administrator     yes: an administrator (the /api/admin endpoints); no: not any more

backup <folder>
    SQLite: a consistent copy of the database, taken while the server runs (SQLite's online
    backup), with the blobs under DATA_DIR and the token sealing key, into <folder> (new or
    empty). PostgreSQL: use pg_dump and the object store's own copies (docs/operations.md).

restore <folder>
    Brings a backup back: the database to DATABASE_URL's file and the blobs and key into
    DATA_DIR, which must be empty (stop the server first). Refuses anything non-empty.

Examples:
    npm run admin -- create --email ops@example.org --username ops
    npm run admin -- update ada --customer-status subscriber
    npm run admin -- update ada@example.org --account-status active --administrator yes
    npm run admin -- backup /var/backups/social-lists/2026-12-02

Exit codes: 0 done, 1 failed (say, no such user), 2 usage error.`;

const oneOf = <T extends string>(option: string, value: string, allowed: readonly T[]): T => {
  if (!(allowed as readonly string[]).includes(value)) throw new UsageError(`--${option} must be one of: ${allowed.join(', ')} (got "${value}")`);
  return value as T;
};

function yesNo(value: string): boolean {
  if (/^(yes|true)$/i.test(value)) return true;
  if (/^(no|false)$/i.test(value)) return false;
  throw new UsageError(`--administrator must be yes or no (got "${value}")`);
}

/** What the CLI says when a password came on the command line (never repeating it). */
export const PASSWORD_ON_COMMAND_LINE = `admin: warning: a password on the command line is shown by npm and visible to every user of this machine; next time type it when asked (it is not echoed), or set ${PASSWORD_VARIABLE}.`;

const COMMANDS = 'create, update, backup or restore';

export function parseAdminArgs(argv: readonly string[]): AdminCommand {
  let parsed;
  try {
    parsed = parseArgs({
      args: [...argv],
      allowPositionals: true,
      strict: true,
      options: {
        email: { type: 'string' },
        username: { type: 'string' },
        password: { type: 'string' },
        'customer-status': { type: 'string' },
        'account-status': { type: 'string' },
        administrator: { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
    });
  } catch (err) {
    throw new UsageError((err as Error).message);
  }
  const { positionals, values } = parsed;
  if (values.help || positionals[0] === 'help') return { kind: 'help' };

  const updateOptions = [values['customer-status'], values['account-status'], values.administrator];
  switch (positionals[0]) {
    case 'create': {
      if (positionals.length !== 1) throw new UsageError(`create takes no argument besides its options (got "${positionals[1]}")`);
      if (updateOptions.some((v) => v !== undefined)) throw new UsageError('create sets no status: run update afterwards');
      if (!values.email || !values.username) throw new UsageError('create needs --email and --username');
      return { kind: 'create', email: values.email, username: values.username, ...(values.password !== undefined ? { password: values.password } : {}) };
    }
    case 'update': {
      if (positionals.length !== 2) throw new UsageError('update needs exactly one user: a username, an e-mail address or a user id');
      if (values.email !== undefined || values.username !== undefined || values.password !== undefined) {
        throw new UsageError('update changes no e-mail, username or password: use the API (PUT /api/admin/users/{id}, POST /api/admin/users/{id}/password)');
      }
      const patch: Extract<AdminCommand, { kind: 'update' }>['patch'] = {};
      if (values['customer-status'] !== undefined) patch.customerStatus = oneOf('customer-status', values['customer-status'], CUSTOMER_STATUSES);
      if (values['account-status'] !== undefined) patch.accountStatus = oneOf('account-status', values['account-status'], ACCOUNT_STATUSES);
      if (values.administrator !== undefined) patch.isAdministrator = yesNo(values.administrator);
      if (Object.keys(patch).length === 0) throw new UsageError('update needs --customer-status, --account-status or --administrator');
      return { kind: 'update', user: positionals[1], patch };
    }
    case 'backup':
    case 'restore': {
      if (positionals.length !== 2) throw new UsageError(`${positionals[0]} needs exactly one folder`);
      const given = Object.entries(values).filter(([, v]) => v !== undefined);
      if (given.length > 0) throw new UsageError(`${positionals[0]} takes no options (got --${given[0][0]})`);
      return positionals[0] === 'backup' ? { kind: 'backup', folder: positionals[1] } : { kind: 'restore', folder: positionals[1] };
    }
    default:
      throw new UsageError(positionals.length === 0 ? `Expected a command: ${COMMANDS}` : `Unknown command "${positionals[0]}": expected ${COMMANDS}`);
  }
}
