import { readFileSync } from 'node:fs';
import { stat } from 'node:fs/promises';
import { resolve } from 'node:path';
import { Command, CommanderError, Option } from 'commander';
import { ApiClient, ApiError, normalizeServer } from './api.js';
import { describe as describeItem, prepare, RefusedError, run, type Reporter } from './apply.js';
import { configDir, credentialsPath, deleteCredentials, readCredentials, writeCredentials } from './config.js';
import { massDeletes, type Mode } from './plan.js';
import { progressBar, type LoggingProgress } from './progress.js';
import { watchAndSync } from './watch.js';
import { confirm, promptPassword, readStdinLine } from '../prompt.js';

// The `social-lists-sync` command line: login, logout, pull, push, sync, watch, status.

export const EXIT_OK = 0;
export const EXIT_ERROR = 1;
export const EXIT_CONFLICT = 2;

const EXIT_HELP = `
Exit codes:
  0  success: everything is in sync (or, for status, nothing is in conflict)
  1  error: nothing or only part was done (network, server, refused mass delete...)
  2  conflicts: a file changed on both sides; the server's version was written
     beside it as NAME.conflict-<date>.md and nothing was overwritten. Merge it
     into the file, delete the conflict copy, and run sync again.

A run that would delete more than 20% of the files (or more than 50) on either
side stops and asks (or, without a terminal, stops) unless given --yes.`;

/** Where the process's output goes (tests pass their own). */
export interface Io {
  out(text: string): void;
  err(text: string): void;
  /** Standard input and error are a terminal: the user can be asked. */
  isTTY: boolean;
  /** Where a progress bar may be drawn: standard output, when it is a terminal. */
  terminal?: NodeJS.WriteStream;
}

const processIo: Io = {
  out: (t) => process.stdout.write(`${t}\n`),
  err: (t) => process.stderr.write(`${t}\n`),
  isTTY: Boolean(process.stdin.isTTY && process.stderr.isTTY),
  terminal: process.stdout.isTTY ? process.stdout : undefined,
};

class ExitError extends Error {
  constructor(
    readonly exitCode: number,
    message: string,
  ) {
    super(message);
  }
}

/** A run's report: its lines on standard output and warnings on standard error, or all of them through the progress bar while it is up. */
function reporter(io: Io, showProgress: boolean): Reporter {
  let bar: LoggingProgress | null = null;
  return {
    line: (t) => (bar ? bar.log(t) : io.out(t)),
    warn: (t) => (bar ? bar.log(`warning: ${t}`) : io.err(`warning: ${t}`)),
    progress(total) {
      if (!showProgress || !io.terminal || total < 20) return { tick() {}, stop() {} };
      const shown = progressBar(io.terminal, total);
      bar = shown;
      return {
        tick: (n) => shown.tick(n),
        stop() {
          shown.stop();
          bar = null;
        },
      };
    },
  };
}

async function login(dirOption: string | undefined): Promise<{ api: ApiClient; token: string }> {
  const creds = await readCredentials(configDir(dirOption));
  if (!creds) throw new ExitError(EXIT_ERROR, 'Not logged in: run "social-lists-sync login <server-url> <email>" first');
  return { api: new ApiClient(creds.server, creds.token), token: creds.token };
}

async function client(dirOption: string | undefined): Promise<ApiClient> {
  return (await login(dirOption)).api;
}

async function folder(path: string | undefined): Promise<string> {
  const root = resolve(path ?? '.');
  const s = await stat(root).catch(() => null);
  if (!s?.isDirectory()) throw new ExitError(EXIT_ERROR, `Not a folder: ${root}`);
  return root;
}

function packageVersion(): string {
  try {
    return (JSON.parse(readFileSync(new URL('../../../package.json', import.meta.url), 'utf8')) as { version: string }).version;
  } catch {
    return 'unknown';
  }
}

export function buildProgram(io: Io = processIo): Command {
  const program = new Command('social-lists-sync')
    .description('Sync a local folder of markdown files with your Social Lists documents')
    .version(packageVersion())
    .addOption(new Option('--config-dir <dir>', 'where the login is kept (default: $XDG_CONFIG_HOME/social-lists-sync)').env('SOCIAL_LISTS_SYNC_CONFIG_DIR'))
    .addHelpText('after', EXIT_HELP)
    .showHelpAfterError('(social-lists-sync --help shows the commands)')
    .exitOverride()
    .configureOutput({ writeOut: (t) => io.out(t.replace(/\n$/, '')), writeErr: (t) => io.err(t.replace(/\n$/, '')) });

  const configOf = (cmd: Command) => cmd.optsWithGlobals().configDir as string | undefined;

  program
    .command('login')
    .description('Sign in and keep a sync token (file mode 0600)')
    .argument('<server-url>', 'the service, such as https://lists.example.org')
    .argument('<email>', 'your e-mail address')
    .option('--password-stdin', 'read the password from standard input (also the default when it is not a terminal)')
    .action(async (serverUrl: string, email: string, opts: { passwordStdin?: boolean }, cmd: Command) => {
      let server: string;
      try {
        server = normalizeServer(serverUrl);
      } catch {
        throw new ExitError(EXIT_ERROR, `Not a server URL: ${serverUrl}`);
      }
      const password = opts.passwordStdin || !process.stdin.isTTY ? await readStdinLine() : await promptPassword('Password: ');
      if (!password) throw new ExitError(EXIT_ERROR, 'No password given');
      const token = await new ApiClient(server, null).createToken(email, password);
      const dir = configDir(configOf(cmd));
      await writeCredentials(dir, { server, email, token });
      io.out(`Logged in to ${server} as ${email}. The token is in ${credentialsPath(dir)}.`);
    });

  program
    .command('logout')
    .description('Revoke the sync token and forget it')
    .action(async (_opts: unknown, cmd: Command) => {
      const dir = configDir(configOf(cmd));
      const creds = await readCredentials(dir);
      if (!creds) {
        io.out('Not logged in.');
        return;
      }
      try {
        await new ApiClient(creds.server, creds.token).logout();
      } catch (err) {
        // A token the server no longer knows is as good as revoked.
        if (!(err instanceof ApiError && err.status === 401)) throw err;
      }
      await deleteCredentials(dir);
      io.out(`Logged out of ${creds.server}.`);
    });

  const syncCommand = (mode: Mode, description: string) =>
    program
      .command(mode)
      .description(description)
      .argument('[folder]', 'the local folder', '.')
      .option('-y, --yes', 'go ahead even when the run deletes many files')
      .option('--no-progress', 'no progress bar')
      .action(async (path: string, opts: { yes?: boolean; progress: boolean }, cmd: Command) => {
        const api = await client(configOf(cmd));
        const result = await run(api, {
          root: await folder(path),
          mode,
          yes: opts.yes === true,
          confirm: io.isTTY ? confirm : undefined,
          report: reporter(io, opts.progress),
        });
        if (result.conflicts.length > 0) {
          throw new ExitError(EXIT_CONFLICT, `${result.conflicts.length} conflict(s):\n${result.conflicts.map((c) => `  ${c}`).join('\n')}`);
        }
        io.out(result.changes === 0 ? 'Everything is up to date.' : `Done: ${result.changes} change(s).`);
      });

  syncCommand('pull', 'Bring the server’s changes into the folder (local changes stay local)');
  syncCommand('push', 'Send the folder’s changes to the server (server changes wait for a pull)');
  syncCommand('sync', 'Both ways: pull and push in one run');

  program
    .command('watch')
    .description('Keep the folder in sync as changes happen, on the server or in the folder, until stopped')
    .argument('[folder]', 'the local folder', '.')
    .option('-y, --yes', 'go ahead even when a run deletes many files')
    .action(async (path: string, opts: { yes?: boolean }, cmd: Command) => {
      const { api, token } = await login(configOf(cmd));
      const root = await folder(path);
      const stopped = new AbortController();
      const stop = () => stopped.abort();
      process.once('SIGINT', stop);
      process.once('SIGTERM', stop);
      try {
        await watchAndSync({ api, token, root, yes: opts.yes === true, report: reporter(io, false), signal: stopped.signal });
      } finally {
        process.off('SIGINT', stop);
        process.off('SIGTERM', stop);
      }
      io.out('Stopped watching.');
    });

  program
    .command('status')
    .description('Show what sync would change, changing nothing')
    .argument('[folder]', 'the local folder', '.')
    .action(async (path: string, _opts: unknown, cmd: Command) => {
      const api = await client(configOf(cmd));
      const { plan } = await prepare(api, await folder(path), 'sync');
      for (const w of plan.warnings) io.err(`warning: ${w}`);
      const lines = plan.items.map(describeItem).filter((l): l is string => l !== null);
      for (const l of lines) io.out(l);
      const guard = massDeletes(plan);
      if (guard.length > 0) io.out(`sync would stop and ask: it deletes ${guard.join(' and ')}`);
      io.out(lines.length === 0 ? 'Everything is up to date.' : `${lines.length} change(s) to sync.`);
      if (plan.items.some((i) => i.kind === 'conflict' || i.kind === 'held')) throw new ExitError(EXIT_CONFLICT, 'There are conflicts.');
    });

  return program;
}

/** Runs the command line and answers the exit code (never exits the process itself). */
export async function main(argv: string[], io: Io = processIo): Promise<number> {
  const program = buildProgram(io);
  try {
    await program.parseAsync(argv, { from: 'user' });
    return EXIT_OK;
  } catch (err) {
    if (err instanceof CommanderError) return err.exitCode === 0 ? EXIT_OK : EXIT_ERROR;
    if (err instanceof ExitError) {
      io.err(err.message);
      return err.exitCode;
    }
    if (err instanceof RefusedError) {
      io.err(err.message);
      return EXIT_ERROR;
    }
    if (err instanceof ApiError) {
      io.err(`The server refused: ${err.message}${err.code ? ` (${err.code})` : ''}`);
      if (err.status === 401) io.err('Your login is no longer valid: run "social-lists-sync login" again.');
      return EXIT_ERROR;
    }
    io.err(`Error: ${(err as Error).message}`);
    return EXIT_ERROR;
  }
}
