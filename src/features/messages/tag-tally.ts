// What a fold batch (tag-fold.ts) changes in the tag counters, from the uses it took: pure rules,
// no database. A counted use adds a message to its tag's all-time count, and to its author's
// messages with the tag when it is in the trending window (stage 1); a removed use takes off what
// it had added (by the stage it had); a use leaving the window takes its author message off.

export interface TagUseChanges {
  /** Counted uses deleted since (tag_use_removals): stage 1 if they were in the window. */
  removed: readonly { tag: string; author_id: string; stage: number }[];
  /** Counted uses that just left the window. */
  left: readonly { tag: string; author_id: string }[];
  /** Uses counted now: stage 1 in the window, 2 already older. */
  counted: readonly { tag: string; author_id: string; stage: number }[];
}

export interface TagTally {
  /** Change of each tag's all-time count (none zero). */
  counts: { tag: string; n: number }[];
  /** Change of each author's messages with a tag in the window (none zero). */
  authors: { tag: string; author_id: string; n: number }[];
}

/** public_tag_uses.stage (migration 026): written, not yet counted; counted, in the trending window; counted, older. */
export const TagUseStage = { pending: 0, inWindow: 1, past: 2 } as const;
const SEP = '\u0000';

function add(into: Map<string, number>, key: string, n: number): void {
  into.set(key, (into.get(key) ?? 0) + n);
}

/** The entries that change something (one fold at a time writes the counters: no order needed). */
function nonZero(from: Map<string, number>): [string, number][] {
  return [...from].filter(([, n]) => n !== 0);
}

export function tallyTagChanges(changes: TagUseChanges): TagTally {
  const counts = new Map<string, number>();
  const authors = new Map<string, number>();
  for (const u of changes.counted) {
    add(counts, u.tag, 1);
    if (u.stage === TagUseStage.inWindow) add(authors, u.tag + SEP + u.author_id, 1);
  }
  for (const u of changes.removed) {
    add(counts, u.tag, -1);
    if (u.stage === TagUseStage.inWindow) add(authors, u.tag + SEP + u.author_id, -1);
  }
  for (const u of changes.left) add(authors, u.tag + SEP + u.author_id, -1);
  return {
    counts: nonZero(counts).map(([tag, n]) => ({ tag, n })),
    // The author id follows the last separator (a tag is free text).
    authors: nonZero(authors).map(([key, n]) => ({ tag: key.slice(0, key.lastIndexOf(SEP)), author_id: key.slice(key.lastIndexOf(SEP) + 1), n })),
  };
}

/**
 * Each tag's change of messages and distinct authors in the window, from the author changes and
 * the author counts they led to: an author whose count rose from 0 is one more account, one whose
 * count fell to 0 one fewer.
 */
export function trendChanges(
  changes: readonly { tag: string; author_id: string; n: number }[],
  after: readonly { tag: string; author_id: string; messages: number | string }[],
): { tag: string; messages: number; accounts: number }[] {
  const now = new Map(after.map((a) => [a.tag + SEP + a.author_id, Number(a.messages)]));
  const tags = new Map<string, { tag: string; messages: number; accounts: number }>();
  for (const c of changes) {
    const total = now.get(c.tag + SEP + c.author_id) ?? 0;
    const entry = tags.get(c.tag) ?? { tag: c.tag, messages: 0, accounts: 0 };
    entry.messages += c.n;
    entry.accounts += Number(total > 0) - Number(total - c.n > 0);
    tags.set(c.tag, entry);
  }
  return [...tags.values()];
}
