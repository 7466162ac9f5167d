// A line diff between two texts (a document's revisions, or my version against theirs after a
// conflict): Myers' O((N+M)·D) algorithm over the lines that differ once the common head and tail
// are set aside. Pure, so it is unit-tested on its own (test/web/documents-logic.test.ts).

export type DiffKind = 'same' | 'added' | 'removed';
export interface DiffLine {
  kind: DiffKind;
  text: string;
}
/** What a diff shows: changed lines with a little context; long unchanged runs folded to a count. */
export type DiffPart = DiffLine | { kind: 'skipped'; count: number };

/** Past this many differing lines the middle is shown as removed-then-added (no search). */
const MAX_EDITS = 4000;

export function splitLines(text: string): string[] {
  return text === '' ? [] : text.replace(/\r\n?/g, '\n').split('\n');
}

/** The lines of `before` and `after` in order, each kept, removed or added. */
export function diffLines(before: string, after: string): DiffLine[] {
  const a = splitLines(before);
  const b = splitLines(after);
  let head = 0;
  while (head < a.length && head < b.length && a[head] === b[head]) head++;
  let tail = 0;
  while (tail < a.length - head && tail < b.length - head && a[a.length - 1 - tail] === b[b.length - 1 - tail]) tail++;
  const same = (text: string): DiffLine => ({ kind: 'same', text });
  return [...a.slice(0, head).map(same), ...middle(a.slice(head, a.length - tail), b.slice(head, b.length - tail)), ...a.slice(a.length - tail).map(same)];
}

function middle(a: string[], b: string[]): DiffLine[] {
  const removed = (text: string): DiffLine => ({ kind: 'removed', text });
  const added = (text: string): DiffLine => ({ kind: 'added', text });
  const n = a.length;
  const m = b.length;
  if (n === 0 || m === 0) return [...a.map(removed), ...b.map(added)];
  const max = Math.min(n + m, MAX_EDITS);
  const offset = max + 1;
  // v[k + offset]: the furthest x reached on diagonal k; one copy kept per edit count for the walk back.
  const v = new Int32Array(2 * max + 3);
  const trace: Int32Array[] = [];
  let found = -1;
  for (let d = 0; d <= max && found < 0; d++) {
    trace.push(v.slice());
    for (let k = -d; k <= d; k += 2) {
      let x = k === -d || (k !== d && v[k - 1 + offset] < v[k + 1 + offset]) ? v[k + 1 + offset] : v[k - 1 + offset] + 1;
      let y = x - k;
      while (x < n && y < m && a[x] === b[y]) {
        x++;
        y++;
      }
      v[k + offset] = x;
      if (x >= n && y >= m) {
        found = d;
        break;
      }
    }
  }
  if (found < 0) return [...a.map(removed), ...b.map(added)];
  // Walk back from (n, m) through the saved frontiers.
  const out: DiffLine[] = [];
  let x = n;
  let y = m;
  for (let d = found; d > 0; d--) {
    const prev = trace[d];
    const k = x - y;
    const down = k === -d || (k !== d && prev[k - 1 + offset] < prev[k + 1 + offset]);
    const prevK = down ? k + 1 : k - 1;
    const prevX = prev[prevK + offset];
    const prevY = prevX - prevK;
    while (x > prevX && y > prevY) {
      out.push({ kind: 'same', text: a[--x] });
      y--;
    }
    if (down) out.push(added(b[--y]));
    else out.push(removed(a[--x]));
  }
  while (x > 0 && y > 0) {
    out.push({ kind: 'same', text: a[--x] });
    y--;
  }
  return out.reverse();
}

/** Long runs of unchanged lines folded, keeping `context` lines next to each change. */
export function foldUnchanged(lines: DiffLine[], context = 2): DiffPart[] {
  const near = lines.map(() => false);
  lines.forEach((l, i) => {
    if (l.kind === 'same') return;
    for (let j = Math.max(0, i - context); j <= Math.min(lines.length - 1, i + context); j++) near[j] = true;
  });
  const out: DiffPart[] = [];
  for (let i = 0; i < lines.length; ) {
    if (near[i]) {
      out.push(lines[i++]);
      continue;
    }
    let j = i;
    while (j < lines.length && !near[j]) j++;
    out.push({ kind: 'skipped', count: j - i });
    i = j;
  }
  return out;
}

/** "3 lines added, 1 removed" (or "No changes"). */
export function diffSummary(lines: DiffLine[]): string {
  const added = lines.filter((l) => l.kind === 'added').length;
  const removed = lines.filter((l) => l.kind === 'removed').length;
  if (!added && !removed) return 'No changes';
  const plural = (n: number, word: string) => `${n} ${n === 1 ? 'line' : 'lines'} ${word}`;
  return [added ? plural(added, 'added') : '', removed ? plural(removed, 'removed') : ''].filter(Boolean).join(', ');
}
