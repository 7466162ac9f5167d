import { describe, expect, it } from 'vitest';
import { diffLines, diffSummary, foldUnchanged, splitLines, type DiffLine } from '../../web/src/documents/diff.js';
import { applyFormat, insertImage, shortcutFormat } from '../../web/src/documents/format.js';
import { folderPath, folderTree, moveTargets, subtreeIds } from '../../web/src/documents/tree.js';

// The documents screens' own logic, pure functions of the web client: the line diff (history and
// conflicts), the toolbar's edits of the markdown text, and the folder tree.

/** The diff applied: the lines of `before` it keeps or removes give `before`; kept and added give `after`. */
function sides(lines: DiffLine[]) {
  return {
    before: lines.filter((l) => l.kind !== 'added').map((l) => l.text),
    after: lines.filter((l) => l.kind !== 'removed').map((l) => l.text),
  };
}

describe('diffLines', () => {
  it('marks each line kept, removed or added, in order', () => {
    expect(diffLines('a\nb\nc', 'a\nB\nc\nd')).toEqual([
      { kind: 'same', text: 'a' },
      { kind: 'removed', text: 'b' },
      { kind: 'added', text: 'B' },
      { kind: 'same', text: 'c' },
      { kind: 'added', text: 'd' },
    ]);
  });

  it('finds the fewest changes (a moved line is one removal and one addition)', () => {
    const lines = diffLines('one\ntwo\nthree\nfour', 'two\nthree\nfour\none');
    expect(lines.filter((l) => l.kind !== 'same')).toEqual([
      { kind: 'removed', text: 'one' },
      { kind: 'added', text: 'one' },
    ]);
  });

  it('handles empty texts, identical texts and Windows line ends', () => {
    expect(diffLines('', '')).toEqual([]);
    expect(diffLines('', 'x\ny')).toEqual([
      { kind: 'added', text: 'x' },
      { kind: 'added', text: 'y' },
    ]);
    expect(diffLines('x', '')).toEqual([{ kind: 'removed', text: 'x' }]);
    expect(diffLines('a\r\nb', 'a\nb').every((l) => l.kind === 'same')).toBe(true);
  });

  it('always rebuilds both texts, on random edits', () => {
    let seed = 7;
    const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    const words = ['alpha', 'beta', 'gamma', 'delta', ''];
    const text = (n: number) => Array.from({ length: n }, () => words[Math.floor(random() * words.length)]);
    for (let round = 0; round < 200; round++) {
      const a = text(Math.floor(random() * 12) + 1).join('\n');
      const b = text(Math.floor(random() * 12) + 1).join('\n');
      // (An empty text has no lines at all.)
      expect(sides(diffLines(a, b))).toEqual({ before: splitLines(a), after: splitLines(b) });
    }
  });

  it('summarises in words', () => {
    expect(diffSummary(diffLines('a', 'a'))).toBe('No changes');
    expect(diffSummary(diffLines('a', 'b'))).toBe('1 line added, 1 line removed');
    expect(diffSummary(diffLines('a', 'a\nb\nc'))).toBe('2 lines added');
  });
});

describe('foldUnchanged', () => {
  it('keeps the context next to each change and folds the rest to a count', () => {
    const before = Array.from({ length: 10 }, (_, i) => `line ${i}`).join('\n');
    const after = before.replace('line 5', 'LINE 5');
    expect(foldUnchanged(diffLines(before, after), 1)).toEqual([
      { kind: 'skipped', count: 4 },
      { kind: 'same', text: 'line 4' },
      { kind: 'removed', text: 'line 5' },
      { kind: 'added', text: 'LINE 5' },
      { kind: 'same', text: 'line 6' },
      { kind: 'skipped', count: 3 },
    ]);
  });
});

describe('applyFormat', () => {
  it('wraps the selection, or a placeholder it selects', () => {
    expect(applyFormat({ value: 'say hello', start: 4, end: 9 }, 'bold')).toEqual({ value: 'say **hello**', start: 6, end: 11 });
    expect(applyFormat({ value: 'ab', start: 1, end: 1 }, 'italic')).toEqual({ value: 'a_italic text_b', start: 2, end: 13 });
    expect(applyFormat({ value: 'x', start: 0, end: 1 }, 'code')).toEqual({ value: '`x`', start: 1, end: 2 });
  });

  it('makes a link with its address selected', () => {
    const edit = applyFormat({ value: 'see docs', start: 4, end: 8 }, 'link');
    expect(edit.value).toBe('see [docs](https://)');
    expect(edit.value.slice(edit.start, edit.end)).toBe('https://');
  });

  it('marks every selected line for headings, lists and quotes', () => {
    const value = 'intro\none\ntwo\nend';
    const start = value.indexOf('one') + 1;
    const end = value.indexOf('two') + 2;
    expect(applyFormat({ value, start, end }, 'bullets').value).toBe('intro\n- one\n- two\nend');
    expect(applyFormat({ value, start, end }, 'numbers').value).toBe('intro\n1. one\n2. two\nend');
    expect(applyFormat({ value, start, end }, 'quote').value).toBe('intro\n> one\n> two\nend');
    expect(applyFormat({ value: 'Title', start: 0, end: 0 }, 'heading')).toEqual({ value: '## Title', start: 0, end: 8 });
    expect(applyFormat({ value: '## Title', start: 3, end: 3 }, 'heading').value).toBe('### Title');
  });
});

describe('insertImage', () => {
  it('puts the image on a line of its own at the caret, alt text escaped', () => {
    expect(insertImage({ value: 'abcdef', start: 3, end: 3 }, 'a [b]', '/x.png')).toEqual({ value: 'abc\n![a \\[b\\]](/x.png)\ndef', start: 23, end: 23 });
    expect(insertImage({ value: '', start: 0, end: 0 }, 'pic', '/p.png').value).toBe('![pic](/p.png)\n');
  });
});

describe('shortcutFormat', () => {
  it('maps the editor shortcuts', () => {
    expect(['b', 'I', 'k', 's'].map(shortcutFormat)).toEqual(['bold', 'italic', 'link', null]);
  });
});

describe('the folder tree', () => {
  const folders = [
    { id: 'w', name: 'Work', parentId: null },
    { id: 'p', name: 'Plans', parentId: 'w' },
    { id: 'a', name: 'Archive', parentId: null },
    { id: 'q', name: 'Q1', parentId: 'p' },
    { id: 't', name: '_templates', parentId: null },
    { id: 'o', name: 'Orphan', parentId: 'gone' },
  ];

  it('nests by parent, sorts by name, leaves the templates folder out and orphans at the top', () => {
    const names = (nodes: ReturnType<typeof folderTree>): unknown => nodes.map((n) => (n.children.length ? [n.folder.name, names(n.children)] : n.folder.name));
    expect(names(folderTree(folders))).toEqual(['Archive', 'Orphan', ['Work', [['Plans', ['Q1']]]]]);
  });

  it('knows a subtree, a path, and where a folder may move', () => {
    expect([...subtreeIds(folders, 'w')].sort()).toEqual(['p', 'q', 'w']);
    expect(folderPath(folders, 'q')).toBe('Work / Plans / Q1');
    expect(moveTargets(folders, 'p').map((t) => t.label)).toEqual(['Top level', '_templates', 'Archive', 'Orphan', 'Work']);
    expect(moveTargets(folders, null)).toHaveLength(folders.length + 1);
  });
});
