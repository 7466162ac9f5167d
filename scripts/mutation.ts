// npm run mutation -- <source files...> [--tests <glob>]... [any other stryker option]
//
// Mutates the named source files with StrykerJS (stryker.config.mjs) and runs only the test files
// that cover them: the ones given with --tests, else those COVERING names for the file, else its
// feature's test folder. In the first run every one of those tests runs once to learn which tests
// reach which mutant; each mutant then runs only the tests that reached it. With TEST_DATABASE_URL
// set every test runs on SQLite and PostgreSQL. The report is in reports/mutation/.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

/**
 * The test files that pin a module's rules, where its feature folder is not the answer (another
 * feature's tests show them) or is too broad: every test file in a run costs seconds per mutant
 * (each builds an app), so a module's set is the files written for its rules.
 */
const COVERING: [prefix: string, tests: string[]][] = [
  // Pure rule modules: the tests that call their functions directly (row-validation.test.ts and
  // schema-dsl.test.ts pin the same rules through the API, at seconds per mutant).
  ['src/features/lists/validate.ts', ['test/lists/validate-rules.test.ts', 'test/lists/dsl.test.ts']],
  ['src/features/lists/dsl.ts', ['test/lists/dsl-rules.test.ts', 'test/lists/dsl.test.ts']],
  // The organization feed's scope and the profile rule (private bios) are pinned by those features' tests.
  [
    'src/features/visibility/',
    ['test/messages/visibility-edges.test.ts', 'test/messages/read.test.ts', 'test/blocks/*.test.ts', 'test/orgs/posting.test.ts', 'test/follows/follows.test.ts'],
  ],
  ['src/features/messages/scheduling.ts', ['test/messages/scheduling*.test.ts']],
  [
    'src/http/auth.ts',
    ['test/auth/credential-edges.test.ts', 'test/auth/sessions.test.ts', 'test/auth/origin-and-cookies.test.ts', 'test/auth/sync-token*.test.ts'],
  ],
  ['src/http/idempotency.ts', ['test/platform/idempotency*.test.ts']],
  // Issue 34's process safety: the supervisor's rules over stand-in servers (supervisor.test.ts runs
  // the compiled server, which a mutant never reaches), the handle lookup's two ways, startedEarly.
  ['src/supervisor.ts', ['test/service/supervisor-rules.test.ts']],
  ['src/adapters/networks/network-b/identity.ts', ['test/networks/network-b-handle-lookup.test.ts', 'test/networks/network-b-adapter.test.ts']],
  // Issue 36: the event log's cursor and replay rules, the webhook signer and its retry schedule.
  ['src/features/events/cursor.ts', ['test/events/cursor-rules.test.ts']],
  ['src/features/webhooks/signing.ts', ['test/webhooks/signing-rules.test.ts']],
  ['src/features/webhooks/retry-schedule.ts', ['test/webhooks/retry-schedule-rules.test.ts']],
  ['src/lib/promises.ts', ['test/unit/promises.test.ts', 'test/unit/turn-batch.test.ts']],
  ['src/http/', ['test/platform/*.test.ts']],
];

function usage(message: string): never {
  console.error(`${message}\nusage: npm run mutation -- <source files...> [--tests <glob>]... [stryker options, e.g. --concurrency 1]`);
  process.exit(2);
}

/** A file may carry a mutation range (src/x.ts:10-20), which Stryker understands. */
const pathOf = (file: string) => file.replace(/:\d[\d:-]*$/, '');

/** The test globs covering one source file. */
function coveringTests(ranged: string): string[] {
  const file = pathOf(ranged);
  const named = COVERING.find(([prefix]) => file === prefix || (prefix.endsWith('/') && file.startsWith(prefix)));
  if (named) return named[1];
  const feature = /^src\/features\/([^/]+)\//.exec(file)?.[1];
  if (feature && existsSync(`test/${feature}`)) return [`test/${feature}/*.test.ts`];
  console.warn(`mutation: no test folder is known for ${file}; every test file runs (slow). Name them with --tests.`);
  return ['test/**/*.test.ts'];
}

const files: string[] = [];
const tests: string[] = [];
const passed: string[] = [];
const args = process.argv.slice(2);
for (let i = 0; i < args.length; i++) {
  const arg = args[i];
  if (arg === '--tests') {
    const glob = args[++i];
    if (!glob) usage('--tests needs a glob');
    tests.push(glob);
  } else if (arg.startsWith('-')) {
    passed.push(arg);
    // An option's value (the next word, unless it is an option or a source file).
    if (i + 1 < args.length && !args[i + 1].startsWith('-') && !args[i + 1].startsWith('src/')) passed.push(args[++i]);
  } else {
    files.push(arg.replace(/^\.\//, ''));
  }
}
if (files.length === 0) usage('name the source files to mutate');
for (const file of files) if (!file.startsWith('src/') || !existsSync(pathOf(file))) usage(`not a source file: ${file}`);

const testGlobs = [...new Set(tests.length > 0 ? tests : files.flatMap(coveringTests))];
const engines = process.env.TEST_DATABASE_URL ? 'SQLite and PostgreSQL' : 'SQLite';
console.log(`mutation: mutating ${files.join(', ')}\nmutation: tests ${testGlobs.join(', ')} on ${engines}`);

const stryker = join(dirname(createRequire(import.meta.url).resolve('@stryker-mutator/core/package.json')), 'bin', 'stryker.js');
const started = Date.now();
// The test files go to vitest (vitest.mutation.config.ts), not to Stryker's --testFiles, with
// which Stryker 9 cannot kill a static mutant (see that file).
const child = spawn(process.execPath, [stryker, 'run', 'stryker.config.mjs', '--mutate', files.join(','), ...passed], {
  stdio: 'inherit',
  env: { ...process.env, MUTATION_TEST_FILES: testGlobs.join(',') },
});
child.on('exit', (code, signal) => {
  const seconds = Math.round((Date.now() - started) / 1000);
  console.log(`mutation: ${Math.floor(seconds / 60)} min ${seconds % 60} s; report in reports/mutation/index.html`);
  process.exit(code ?? (signal ? 1 : 0));
});
