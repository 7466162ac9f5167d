import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

// Comments in src/ cite the spec ("spec, Documents") or the README, never CONTRACT.md: that file
// is outside this repository, so a reader cannot follow the citation. A comment says the rule it
// follows instead. Only comments are checked: a string literal is what clients see, not a citation.

const ROOT = join(import.meta.dirname, '..', '..');
const SRC = join(ROOT, 'src');

function tsFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return tsFiles(path);
    return entry.isFile() && entry.name.endsWith('.ts') ? [path] : [];
  });
}

/** After these (or at the start), a `/` begins a regular expression, not a division. */
const BEFORE_REGEX = new Set(['', '(', ',', '=', ':', '[', '!', '&', '|', '?', '{', '}', ';', '+', '-', '*', '%', '<', '>', '~', '^']);
const KEYWORDS_BEFORE_REGEX = /(?:^|[^\w$])(?:return|typeof|case|do|else|in|of|new|delete|void|throw|yield|await)$/;

/**
 * The comments of a TypeScript source, each as [line number, text] per line it spans. A small
 * scanner: it steps over string and template literals (with `${…}` inside) and regular expression
 * literals, so a `//` or `CONTRACT` in them is not taken for a comment.
 */
function commentLines(source: string): [number, string][] {
  const out: [number, string][] = [];
  let line = 1;
  let i = 0;
  let last = ''; // the last significant code character or word, to tell a regex from a division
  const braces: ('code' | 'template')[] = []; // what a `}` closes: a block or a template's `${`

  const add = (start: number, end: number, firstLine: number) =>
    source
      .slice(start, end)
      .split('\n')
      .forEach((text, k) => out.push([firstLine + k, text]));

  const skipString = (quote: string) => {
    i++;
    while (i < source.length && source[i] !== quote) {
      if (source[i] === '\\') i++;
      else if (source[i] === '\n') line++;
      i++;
    }
    i++;
  };

  /** Steps through a template's text up to its end or a `${`; true when it stopped at `${`. */
  const skipTemplateText = (): boolean => {
    while (i < source.length) {
      const c = source[i];
      if (c === '\\') i += 2;
      else if (c === '`') {
        i++;
        return false;
      } else if (c === '$' && source[i + 1] === '{') {
        i += 2;
        return true;
      } else {
        if (c === '\n') line++;
        i++;
      }
    }
    return false;
  };

  const skipRegex = () => {
    i++;
    let inClass = false;
    while (i < source.length && source[i] !== '\n') {
      const c = source[i];
      if (c === '\\') i++;
      else if (c === '[') inClass = true;
      else if (c === ']') inClass = false;
      else if (c === '/' && !inClass) break;
      i++;
    }
    i++;
    while (/[a-z]/i.test(source[i] ?? '')) i++;
  };

  while (i < source.length) {
    const c = source[i];
    const next = source[i + 1];
    if (c === '\n') {
      line++;
      i++;
    } else if (/\s/.test(c)) {
      i++;
    } else if (c === '/' && next === '/') {
      const end = source.indexOf('\n', i);
      add(i, end === -1 ? source.length : end, line);
      i = end === -1 ? source.length : end;
    } else if (c === '/' && next === '*') {
      const close = source.indexOf('*/', i + 2);
      const end = close === -1 ? source.length : close + 2;
      add(i, end, line);
      line += source.slice(i, end).split('\n').length - 1;
      i = end;
    } else if (c === '"' || c === "'") {
      skipString(c);
      last = 'x';
    } else if (c === '`') {
      i++;
      if (skipTemplateText()) braces.push('template');
      last = 'x';
    } else if (c === '/' && (BEFORE_REGEX.has(last) || KEYWORDS_BEFORE_REGEX.test(last))) {
      skipRegex();
      last = 'x';
    } else if (c === '{') {
      braces.push('code');
      last = c;
      i++;
    } else if (c === '}') {
      i++;
      if (braces.pop() === 'template') {
        if (skipTemplateText()) braces.push('template');
        last = 'x';
      } else last = c;
    } else if (/[\w$]/.test(c)) {
      const word = /^[\w$]+/.exec(source.slice(i, i + 64))![0];
      last = word;
      i += word.length;
    } else {
      last = c;
      i++;
    }
  }
  return out;
}

describe('comments in src/ cite the spec or the README, never CONTRACT.md', () => {
  it('the scanner finds comments and steps over literals', () => {
    const source = [
      "const a = 'CONTRACT // not a comment';",
      'const b = `CONTRACT ${x /* in a template */} // still text`;',
      'const c = /\\/\\/ CONTRACT [/]/g.test(a) ? 1 : 2 / 3; // one',
      '/* two',
      '   lines */ const d = "/* CONTRACT */";',
    ].join('\n');
    expect(commentLines(source)).toEqual([
      [2, '/* in a template */'],
      [3, '// one'],
      [4, '/* two'],
      [5, '   lines */'],
    ]);
  });

  it('no comment of src/ mentions CONTRACT', () => {
    const files = tsFiles(SRC);
    expect(files.length).toBeGreaterThan(100);
    const citing = files.flatMap((file) =>
      commentLines(readFileSync(file, 'utf8'))
        .filter(([, text]) => text.includes('CONTRACT'))
        .map(([line, text]) => `${relative(ROOT, file)}:${line}: ${text.trim()}`),
    );
    expect(citing).toEqual([]);
  });
});
