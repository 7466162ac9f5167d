import type { UserRow } from '../../db/types.js';
import type { AppContext } from '../../runtime/context.js';
import { badRequest, notFound } from '../../http/errors.js';
import { readDocument } from '../documents/service.js';
import { ownListContents, ownListSummaries, type ListContents } from '../lists/index.js';
import { ownMessages } from '../messages/service.js';
import { documentElements, type Section } from './markdown.js';
import type { MaterializeSource } from './schemas.js';
import { DOCUMENT_KEYS, LIST_KEYS, MESSAGE_KEYS } from './source-keys.js';

// The material of a materialize request, read under the caller through the owning features'
// services (spec: "the server re-fetches and authorizes every id under the caller and derives
// content itself"): ids missing or not the caller's are 404, one among others included. What
// the client sent besides the ids is never read.

export interface Material {
  /** The source attributes a column may take (`sourceKey`). */
  keys: readonly string[];
  /** One record per item, keyed by source attribute: the rows of a new list. */
  records: Record<string, unknown>[];
  /** The same items laid out for a document. */
  sections: Section[];
  /** The body of a message draft derived from the source. */
  text: string;
}


/** The ids of a kind, or 400 when the kind's ids are missing. */
function required<T>(value: T | undefined, what: string, kind: string): T {
  if (value === undefined) throw badRequest(`source.${what} is required for kind ${kind}`);
  return value;
}

const nonEmpty = (ids: string[], what: string) => {
  if (ids.length === 0) throw badRequest(`source.${what} must name at least one id`);
  return ids;
};

/** A cell as one line of text (a multiselect's values joined). */
export function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (Array.isArray(value)) return value.map(cellText).join(', ');
  return typeof value === 'string' ? value : JSON.stringify(value);
}

async function messagesMaterial(ctx: AppContext, user: UserRow, ids: string[]): Promise<Material> {
  const messages = await ownMessages(ctx, user, ids);
  const records = messages.map((m) => ({
    content: m.content,
    createdAt: m.createdAt,
    tags: m.tags,
    digCount: m.digCount,
    replyCount: m.replyCount,
    author: m.user.username,
    url: `${ctx.config.publicUrl}/api/messages/${m.id}`,
  }));
  const items = records.map((r) => ({
    text: r.content,
    details: [
      ['Author', `@${r.author}`],
      ['Created', r.createdAt],
      ['Tags', r.tags.join(', ')],
      ['Digs', String(r.digCount)],
      ['Replies', String(r.replyCount)],
      ['Link', r.url],
    ].filter(([, v]) => v !== '') as [string, string][],
  }));
  return { keys: MESSAGE_KEYS, records, sections: [{ heading: null, intro: '', items }], text: records.map((r) => r.content).join('\n\n') };
}

/** A list's rows as document items: the first column's value as the item, the others as its details. */
function rowSection(list: ListContents): Section {
  const [first, ...rest] = list.columns;
  const items = list.rows.map((r) => ({
    text: first ? cellText(r.data[first.key]) : '',
    details: rest.map((c) => [c.label, cellText(r.data[c.key])] as [string, string]).filter(([, v]) => v !== ''),
  }));
  return { heading: list.title, intro: list.description ?? '', items };
}

const rowLine = (list: ListContents, data: Record<string, unknown>) =>
  list.columns
    .map((c) => cellText(data[c.key]))
    .filter((v) => v !== '')
    .join(', ');

async function listsMaterial(ctx: AppContext, user: UserRow, ids: string[], withRows: boolean): Promise<Material> {
  const lists = await ownListSummaries(ctx, user.id, ids);
  const records = lists.map((l) => ({ title: l.title, description: l.description, rowCount: l.rowCount }));
  // A document of lists holds their rows; a list or a message only their titles and counts.
  const sections: Section[] = [];
  if (withRows) for (const l of lists) sections.push(rowSection(await ownListContents(ctx, user.id, l.id)));
  const text = lists.map((l) => `${l.title} (${l.rowCount} ${l.rowCount === 1 ? 'row' : 'rows'})${l.description ? `: ${l.description}` : ''}`).join('\n');
  return { keys: LIST_KEYS, records, sections, text };
}

async function rowsMaterial(ctx: AppContext, user: UserRow, listId: string, rowIds: string[]): Promise<Material> {
  const list = await ownListContents(ctx, user.id, listId, rowIds);
  return {
    keys: list.columns.map((c) => c.key),
    records: list.rows.map((r) => ({ ...r.data })),
    sections: [rowSection(list)],
    text: list.rows.map((r) => rowLine(list, r.data)).join('\n'),
  };
}

/** The caller's own document (readDocument also answers anyone's public one: only the caller's is a source). */
async function ownDocument(ctx: AppContext, userId: string, id: string) {
  const doc = await readDocument(ctx, userId, id);
  if (doc.user_id !== userId) throw notFound('Document not found');
  return doc;
}

const unixLines = (s: string) => s.replace(/\r\n?/g, '\n');

async function documentMaterial(ctx: AppContext, user: UserRow, documentId: string, selection: string | null): Promise<Material> {
  const doc = await ownDocument(ctx, user.id, documentId);
  let markdown = unixLines(doc.content);
  if (selection !== null) {
    // The text used is the document's own, at the place the selection names.
    const wanted = unixLines(selection).trim();
    const at = wanted === '' ? -1 : markdown.indexOf(wanted);
    if (at < 0) throw badRequest('source.markdown is not part of the document’s content', 'selection_not_found');
    markdown = markdown.slice(at, at + wanted.length);
  }
  const { sections, text } = documentElements(markdown);
  const records: Record<string, unknown>[] = [];
  for (const s of sections) {
    for (const item of s.items) records.push({ title: doc.title, heading: s.heading, item: item.text });
    if (s.items.length === 0 && s.heading !== null) records.push({ title: doc.title, heading: s.heading, item: null });
  }
  if (records.length === 0) records.push({ title: doc.title, heading: null, item: null });
  return { keys: DOCUMENT_KEYS, records, sections, text: selection === null ? `${doc.title}\n\n${text}`.trim() : text };
}

/** The material of a request's source; `forDocument` when a document is made of it. */
export async function loadMaterial(ctx: AppContext, user: UserRow, source: MaterializeSource, forDocument: boolean): Promise<Material> {
  switch (source.kind) {
    case 'messages':
      return messagesMaterial(ctx, user, nonEmpty(required(source.messageIds, 'messageIds', 'messages'), 'messageIds'));
    case 'lists':
      return listsMaterial(ctx, user, nonEmpty(required(source.listIds, 'listIds', 'lists'), 'listIds'), forDocument);
    case 'rows':
      return rowsMaterial(ctx, user, required(source.listId, 'listId', 'rows'), nonEmpty(required(source.rowIds, 'rowIds', 'rows'), 'rowIds'));
    case 'document':
      return documentMaterial(ctx, user, required(source.documentId, 'documentId', 'document'), null);
    case 'docElements':
      return documentMaterial(ctx, user, required(source.documentId, 'documentId', 'docElements'), required(source.markdown, 'markdown', 'docElements'));
  }
}
