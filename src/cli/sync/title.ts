import { TITLE_MAX } from '../../features/documents/schemas.js';

// A document's title from its markdown, the way the file reads: the text of its first level-one
// heading (`# Title`). A `#` line inside a fenced code block or the YAML front matter is not a
// heading. Without a heading there is no title here: the server keeps the one it has, and a new
// document takes its file name.

/** An opening or closing code fence: three or more backticks or tildes, indented at most 3 spaces. */
const FENCE = /^ {0,3}(`{3,}|~{3,})(.*)$/;
/** An ATX level-one heading: `#`, then a space or the end of the line. */
const HEADING = /^ {0,3}#(?:[ \t]+(.*))?$/;
/** A heading's optional closing sequence: `#`s after a space (or alone). */
const CLOSING = /(?:^|[ \t]+)#+[ \t]*$/;

export function headingTitle(content: string): string | undefined {
  const lines = content.split(/\r?\n/);
  let fence: string | null = null;
  for (let i = frontMatterEnd(lines); i < lines.length; i++) {
    const line = lines[i];
    const marker = FENCE.exec(line);
    if (fence !== null) {
      if (marker && marker[1][0] === fence[0] && marker[1].length >= fence.length && marker[2].trim() === '') fence = null;
      continue;
    }
    if (marker) {
      fence = marker[1];
      continue;
    }
    const heading = HEADING.exec(line);
    if (!heading) continue;
    const text = (heading[1] ?? '').replace(CLOSING, '').trim();
    if (text !== '') return [...text].slice(0, TITLE_MAX).join('').trimEnd();
  }
  return undefined;
}

/** The index of the first line after a YAML front matter block (`---` ... `---`), or 0. */
function frontMatterEnd(lines: string[]): number {
  if (lines[0] !== '---') return 0;
  const close = lines.findIndex((l, i) => i > 0 && (l === '---' || l === '...'));
  return close < 0 ? 0 : close + 1;
}
