import { spawn } from 'node:child_process';

// A command on a pseudo-terminal (util-linux `script`), answered as a person would: each answer
// typed once its prompt is on the screen. The screen is everything the terminal showed, echo
// included, so a test can see what a person would have seen.

export function onTerminal(
  command: string[],
  options: { cwd: string; env: NodeJS.ProcessEnv },
  answers: [prompt: string, typed: string][] = [],
): Promise<{ code: number; screen: string }> {
  const line = command.map((a) => `'${a.replace(/'/g, `'\\''`)}'`).join(' ');
  return new Promise((resolve, reject) => {
    const child = spawn('script', ['-qefc', line, '/dev/null'], { cwd: options.cwd, env: options.env, stdio: ['pipe', 'pipe', 'pipe'] });
    let screen = '';
    const pending = [...answers];
    const onData = (d: Buffer) => {
      screen += d.toString();
      while (pending.length > 0 && screen.includes(pending[0][0])) child.stdin.write(pending.shift()![1]);
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.on('error', reject);
    child.on('close', (code) => {
      child.stdin.destroy();
      resolve({ code: code ?? -1, screen });
    });
  });
}
