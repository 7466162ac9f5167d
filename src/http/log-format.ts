import type { prettyFactory as PrettyFactory } from 'pino-pretty';
import { requireOnFirstUse } from '../lib/load-on-first-use.js';

/** pino-pretty, loaded only when the log is readable lines (lib/load-on-first-use.ts). */
const pinoPretty = requireOnFirstUse<{ prettyFactory: typeof PrettyFactory }>('pino-pretty');
import type { LogFormat } from '../config.js';

// Where the server's log lines go and in what form (LOG_FORMAT): JSON lines for machines, or one
// readable line per event (pino-pretty) for a person at a terminal; `auto` picks by whether the
// destination is a terminal.

interface LineSink {
  write(line: string): unknown;
}

/** A stream that writes each JSON line pino makes as pino-pretty's readable text, in order. */
function prettyLines(out: NodeJS.WritableStream, colorize: boolean): LineSink {
  const prettify = pinoPretty().prettyFactory({ colorize, singleLine: true, translateTime: 'SYS:HH:MM:ss.l', ignore: 'pid,hostname' });
  // Synchronous, unlike pino-pretty's own stream: a line logged just before exit is not lost.
  return { write: (line) => out.write(prettify(line)) };
}

/**
 * The logger's stream: `stream` (default standard output) as JSON, or prettified. Undefined means
 * pino's own destination, standard output, the fastest way to write JSON.
 */
export function logDestination(format: LogFormat, stream?: NodeJS.WritableStream): LineSink | undefined {
  const out = stream ?? process.stdout;
  const terminal = (out as { isTTY?: boolean }).isTTY === true;
  // Colours only on a terminal: in a file or a pipe the escape codes would be noise.
  if (format === 'pretty' || (format === 'auto' && terminal)) return prettyLines(out, terminal);
  return stream;
}
