import { MultiBar, Presets } from 'cli-progress';
import type { Progress } from './ledger.js';

// The progress bar of a long run, drawn on a terminal. While it is up, every line the run prints
// goes through the bar's own log, which writes the line above the bar and redraws the bar below
// it. A line written past it would land on the bar's line and be drawn over (cli-progress's
// SingleBar also restores the cursor to where it started, over whatever scrolled there since).

/** A progress display that also prints the run's lines. */
export interface LoggingProgress extends Progress {
  log(line: string): void;
}

export function progressBar(terminal: NodeJS.WriteStream, total: number): LoggingProgress {
  const bars = new MultiBar(
    {
      format: ' {bar} {value}/{total} changes',
      stream: terminal,
      clearOnComplete: true,
      // Redrawn after every log, even when its own text did not change (a log line replaced it).
      forceRedraw: true,
      // Long lines wrap as they would without the bar (the bar itself is cut to the width).
      linewrap: true,
    },
    Presets.shades_classic,
  );
  const bar = bars.create(total, 0);
  return {
    tick: (n = 1) => bar.increment(n),
    log: (line) => bars.log(`${line}\n`),
    stop() {
      // One last redraw writes the lines logged since the previous one; then the bar is cleared.
      bars.update();
      bars.stop();
    },
  };
}
