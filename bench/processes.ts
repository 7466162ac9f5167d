import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';

// The bench's server processes: started with `node --import tsx <script>` (so a checkout that
// predates the compiled dist/ starts the same way as this one), quiet, on a free port, with the
// scheduler off; and their CPU time, read from /proc so that measuring it costs them nothing.

export interface Started {
  child: ChildProcess;
  /** http://127.0.0.1:<port> */
  base: string;
}

/**
 * Starts `script` (relative to `cwd`, default this checkout) and resolves once it prints where it
 * listens. BENCH_NODE_ARGS adds Node options Node refuses in NODE_OPTIONS (`--cpu-prof --cpu-prof-dir=…`).
 */
export function startProcess(script: string, env: Record<string, string>, cwd?: string): Promise<Started> {
  const nodeArgs = (process.env.BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const child = spawn(process.execPath, [...nodeArgs, '--import', 'tsx', script], {
    cwd,
    env: { PATH: process.env.PATH, HOME: process.env.HOME, PORT: '0', LOG_LEVEL: 'warn', SCHEDULER: 'off', ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (d) => {
      out += d;
      const m = /listening on (http:\/\/[^\s]+)/.exec(out);
      if (m) resolve({ child, base: m[1] });
    });
    child.on('exit', (code) => reject(new Error(`${script} exited ${code}: ${out}`)));
  });
}

export function stop(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.removeAllListeners('exit');
    child.on('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

/** Clock ticks per second of /proc/<pid>/stat's CPU fields (USER_HZ: 100 on Linux for every architecture it runs this on). */
const USER_HZ = 100;

/** CPU seconds (user + system) the process `pid` has used so far, from /proc/<pid>/stat. */
export function cpuSeconds(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  // The command name (field 2) is in parentheses and may hold spaces: count fields after its end.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  // utime and stime are fields 14 and 15 of the whole line, 12 and 13 after the name and state.
  return (Number(fields[11]) + Number(fields[12])) / USER_HZ;
}

/** The machine's load averages as `uptime` prints them (other work on the shared cores skews every figure). */
export function machineLoad(): string {
  return readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(', ');
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** CPU seconds per second of the process `pid` over the next `ms`. */
export async function cpuRate(pid: number, ms: number): Promise<number> {
  const before = cpuSeconds(pid);
  await sleep(ms);
  return (cpuSeconds(pid) - before) / (ms / 1000);
}

/**
 * Waits until the process `pid` is quiet (under a tenth of a core for a second), at most `maxMs`:
 * requests still in the server when a load run ends (the server finishes them after autocannon
 * has gone) would otherwise be served ahead of the next run's.
 */
export async function quiet(pid: number, maxMs = 60_000): Promise<void> {
  const until = performance.now() + maxMs;
  let calm = 0;
  while (calm < 2 && performance.now() < until) calm = (await cpuRate(pid, 500)) < 0.1 ? calm + 1 : 0;
}

/**
 * Waits, after some work was answered, until the process `pid` is idle again: its CPU rate within
 * `margin` of a core of `baseline` (its rate before) for `ticks` samples of `tickMs` in a row.
 * Answers when that began (performance.now()), so that work it does after answering (deferred
 * batches) is counted to its end; throws after `maxMs`.
 */
export async function idleAgain(pid: number, baseline: number, { tickMs = 250, ticks = 4, margin = 0.03, maxMs = 300_000 } = {}): Promise<number> {
  const since = performance.now();
  let calm = 0;
  while (calm < ticks) {
    if (performance.now() - since > maxMs) throw new Error(`process ${pid} was not idle ${maxMs / 1000} s after its work was answered`);
    calm = (await cpuRate(pid, tickMs)) <= baseline + margin ? calm + 1 : 0;
  }
  return performance.now() - ticks * tickMs;
}
