// What the editor's toolbar and shortcuts do to the markdown text: pure functions of the text and
// the selection, answering the new text and selection (unit-tested on their own).

export interface Edit {
  value: string;
  start: number;
  end: number;
}

export type Format = 'bold' | 'italic' | 'code' | 'heading' | 'bullets' | 'numbers' | 'quote' | 'link';

const WRAP: Partial<Record<Format, [string, string, string]>> = {
  // marker before, marker after, the placeholder when nothing is selected
  bold: ['**', '**', 'bold text'],
  italic: ['_', '_', 'italic text'],
  code: ['`', '`', 'code'],
};

/** Applies a toolbar format to the selection [start, end) of `value`. */
export function applyFormat(edit: Edit, format: Format): Edit {
  const { value, start, end } = edit;
  const wrap = WRAP[format];
  if (wrap) {
    const [before, after, placeholder] = wrap;
    const inner = value.slice(start, end) || placeholder;
    const next = value.slice(0, start) + before + inner + after + value.slice(end);
    return { value: next, start: start + before.length, end: start + before.length + inner.length };
  }
  if (format === 'link') {
    const text = value.slice(start, end) || 'link text';
    const url = 'https://';
    const next = `${value.slice(0, start)}[${text}](${url})${value.slice(end)}`;
    // The address is selected, ready to be typed over.
    const urlStart = start + text.length + 3;
    return { value: next, start: urlStart, end: urlStart + url.length };
  }
  return prefixLines(edit, format);
}

/** Heading, lists and quote: a marker at the start of every selected line. */
function prefixLines({ value, start, end }: Edit, format: Format): Edit {
  const lineStart = value.lastIndexOf('\n', start - 1) + 1;
  const nextBreak = value.indexOf('\n', Math.max(end - (end > start && value[end - 1] === '\n' ? 1 : 0), start));
  const lineEnd = nextBreak === -1 ? value.length : nextBreak;
  const lines = value.slice(lineStart, lineEnd).split('\n');
  const marked = lines.map((line, i) => {
    switch (format) {
      case 'heading':
        return line.startsWith('#') ? `#${line}` : `## ${line}`;
      case 'bullets':
        return `- ${line}`;
      case 'numbers':
        return `${i + 1}. ${line}`;
      default:
        return `> ${line}`;
    }
  });
  const block = marked.join('\n');
  return { value: value.slice(0, lineStart) + block + value.slice(lineEnd), start: lineStart, end: lineStart + block.length };
}

/** The markdown of an uploaded image, on a line of its own at the caret. */
export function insertImage({ value, start, end }: Edit, alt: string, url: string): Edit {
  const before = value.slice(0, start);
  const after = value.slice(end);
  const md = `![${alt.replace(/[[\]\\]/g, '\\$&')}](${url})`;
  const lead = before === '' || before.endsWith('\n') ? '' : '\n';
  const trail = after.startsWith('\n') ? '' : '\n';
  const next = before + lead + md + trail + after;
  const caret = before.length + lead.length + md.length + trail.length;
  return { value: next, start: caret, end: caret };
}

/** The format a Ctrl/Cmd shortcut stands for, or null. */
export function shortcutFormat(key: string): Format | null {
  switch (key.toLowerCase()) {
    case 'b':
      return 'bold';
    case 'i':
      return 'italic';
    case 'k':
      return 'link';
    default:
      return null;
  }
}
