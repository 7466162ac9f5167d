import MarkdownIt from 'markdown-it';
type Token = ReturnType<InstanceType<typeof MarkdownIt>['parse']>[number];

// Materialize's markdown, both ways: the elements of a document used as a source (headings,
// their paragraphs, their list items, as plain text), read with markdown-it rather than by hand;
// and the document it writes, whose user content is escaped so that it reads back as the same
// text (a `#`, `*` or `1.` in a message stays text, never structure).

/** One item of a document: its text and, for a row, its other values as label and value. */
export interface Item {
  text: string;
  details: [label: string, value: string][];
}

/** A part of a document: under a heading (null before the first), a paragraph, its items. */
export interface Section {
  heading: string | null;
  intro: string;
  items: Item[];
}

export interface DocStyle {
  listStyle: 'numbered' | 'bulleted';
  rowDataStyle: 'inline' | 'sub-items';
}

const md = new MarkdownIt();

/** The plain text of an inline token: escapes undone, emphasis markers gone, breaks as spaces. */
function plain(inline: Token | undefined): string {
  if (!inline?.children) return inline?.content ?? '';
  return inline.children
    .map((c) => (c.type === 'softbreak' || c.type === 'hardbreak' ? ' ' : c.type === 'text' || c.type === 'code_inline' ? c.content : c.type === 'image' ? plain(c) : ''))
    .join('')
    .trim();
}

/** The sections of a markdown text, and its text as plain lines (a message draft's body). */
export function documentElements(markdown: string): { sections: Section[]; text: string } {
  const tokens = md.parse(markdown, {});
  const sections: Section[] = [];
  let current: Section = { heading: null, intro: '', items: [] };
  const lines: string[] = [];
  let listDepth = 0;
  let itemOpen = false;
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i];
    if (t.type === 'heading_open') {
      if (current.heading !== null || current.intro || current.items.length > 0) sections.push(current);
      current = { heading: plain(tokens[i + 1]), intro: '', items: [] };
      lines.push(current.heading!);
    } else if (t.type === 'bullet_list_open' || t.type === 'ordered_list_open') listDepth++;
    else if (t.type === 'bullet_list_close' || t.type === 'ordered_list_close') listDepth--;
    else if (t.type === 'list_item_open') itemOpen = true;
    else if (t.type === 'inline' && tokens[i - 1]?.type === 'paragraph_open') {
      const text = plain(t);
      if (listDepth > 0 && itemOpen) {
        current.items.push({ text, details: [] });
        lines.push(`• ${text}`);
        itemOpen = false;
      } else if (listDepth === 0 && text) {
        current.intro = current.intro ? `${current.intro} ${text}` : text;
        lines.push(text);
      }
    }
  }
  if (current.heading !== null || current.intro || current.items.length > 0) sections.push(current);
  return { sections, text: lines.join('\n') };
}

/** User content as one line of markdown text that reads back as itself. */
export function escapeText(text: string): string {
  const line = text.replace(/\s+/g, ' ').trim();
  const inline = line.replace(/[\\`*_[\]<>&~|]/g, '\\$&');
  // What would open a block at the start of a line: a heading, a quote, a list marker, a rule.
  return inline.replace(/^([#>+\-=])/, '\\$1').replace(/^(\d+)([.)])/, '$1\\$2');
}

function renderItem(item: Item, marker: string, style: DocStyle): string[] {
  const text = escapeText(item.text);
  const details = item.details.map(([label, value]) => `${escapeText(label)}: ${escapeText(value)}`);
  if (style.rowDataStyle === 'inline' || details.length === 0) {
    const line = [text, details.join('; ')].filter((p) => p !== '').join(' — ');
    return [`${marker}${line || '(empty)'}`];
  }
  const indent = ' '.repeat(marker.length);
  return [`${marker}${text || '(empty)'}`, ...details.map((d) => `${indent}- ${d}`)];
}

const ITEMS_PER_TURN = 1000;
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * A new document of `sections` under `title`: clean markdown, one blank line between blocks. A
 * turn of the event loop is given every thousand items, so a document of a list of tens of
 * thousands of rows does not hold the loop while it is written.
 */
export async function renderDocument(title: string, sections: readonly Section[], style: DocStyle): Promise<string> {
  const blocks: string[] = [`# ${escapeText(title)}`];
  for (const s of sections) {
    if (s.heading !== null) blocks.push(`## ${escapeText(s.heading) || '(untitled)'}`);
    if (s.intro.trim()) blocks.push(escapeText(s.intro));
    if (s.items.length === 0) continue;
    const lines: string[] = [];
    for (let i = 0; i < s.items.length; i++) {
      lines.push(...renderItem(s.items[i], style.listStyle === 'numbered' ? `${i + 1}. ` : '- ', style));
      if ((i + 1) % ITEMS_PER_TURN === 0) await nextTurn();
    }
    blocks.push(lines.join('\n'));
  }
  return `${blocks.join('\n\n')}\n`;
}
