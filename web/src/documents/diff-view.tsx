import { foldUnchanged, type DiffLine } from './diff';

// A line diff shown in words as well as colour: each changed line says whether it was added or
// removed (hidden words for screen readers, a visible + or − sign), and long unchanged runs fold.

export interface DiffWords {
  added: string;
  removed: string;
}

export function DiffView({ lines, label, words = { added: 'Added', removed: 'Removed' } }: { lines: DiffLine[]; label: string; words?: DiffWords }) {
  const parts = foldUnchanged(lines);
  return (
    <div class="diff" role="region" aria-label={label} tabIndex={0}>
      <ol>
        {parts.map((part, i) =>
          part.kind === 'skipped' ? (
            <li key={i} class="diff-skipped">
              {part.count} unchanged {part.count === 1 ? 'line' : 'lines'}
            </li>
          ) : (
            <li key={i} class={`diff-${part.kind}`}>
              <span class="diff-sign" aria-hidden="true">
                {part.kind === 'added' ? '+' : part.kind === 'removed' ? '−' : ' '}
              </span>
              {part.kind === 'same' ? null : <span class="visually-hidden">{part.kind === 'added' ? words.added : words.removed}: </span>}
              {part.text === '' ? ' ' : part.text}
            </li>
          ),
        )}
      </ol>
    </div>
  );
}
