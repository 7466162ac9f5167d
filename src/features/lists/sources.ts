import type { CodehostItem, CodehostKind } from '../../adapters/codehost/client.js';
import { badRequest, conflict } from '../../http/errors.js';
import { listAs, type ListRecord, type Tx } from './queries/index.js';
import type { Role } from '../sharing/index.js';

// Lists whose rows come from outside (codehost-backed lists): a codehost source — the
// caller's repositories, starred repositories, or one repository's issues — with its fixed schema.
// Such a list's rows are the provider's items, written only by the sync (codehost-sync.ts); every
// row, column and schema write of the API refuses them with 409 read_only_list.

export const SOURCE_KINDS = ['repositories', 'issues', 'starred'] as const satisfies readonly CodehostKind[];

export interface ListSource {
  provider: 'codehost';
  kind: CodehostKind;
  /** `owner/name`: the issues source only. */
  repository: string | null;
}

export interface SourceInput {
  provider: 'codehost';
  kind: CodehostKind;
  repository?: string;
}

const REPOSITORY = /^[A-Za-z0-9_.-]{1,100}\/[A-Za-z0-9_.-]{1,100}$/;

/** The source a create asks for, checked: `repository` (owner/name) for issues only. 400 bad_request otherwise. */
export function parseSource(input: SourceInput): ListSource {
  if (input.kind === 'issues') {
    if (input.repository === undefined) throw badRequest('source.repository is required for the issues source, as owner/name');
    if (!REPOSITORY.test(input.repository) || input.repository.split('/').some((p) => p === '.' || p === '..')) throw badRequest('source.repository must be owner/name');
    return { provider: 'codehost', kind: 'issues', repository: input.repository };
  }
  if (input.repository !== undefined) throw badRequest(`source.repository is taken by the issues source only, not by ${input.kind}`);
  return { provider: 'codehost', kind: input.kind, repository: null };
}

const REPOSITORY_FIELDS = [
  { key: 'name', type: 'text', label: 'Name', required: true },
  { key: 'description', type: 'textarea', label: 'Description' },
  { key: 'url', type: 'url', label: 'URL' },
  { key: 'language', type: 'text', label: 'Language' },
  { key: 'stars', type: 'number', label: 'Stars' },
  { key: 'updatedAt', type: 'datetime', label: 'Updated' },
];

const ISSUE_FIELDS = [
  { key: 'number', type: 'number', label: 'Number', required: true },
  { key: 'title', type: 'text', label: 'Title' },
  { key: 'state', type: 'select', label: 'State', options: ['open', 'closed'] },
  // Labels are the repository's own words, not a fixed set of options: a comma-separated text.
  { key: 'labels', type: 'text', label: 'Labels' },
  { key: 'url', type: 'url', label: 'URL' },
  { key: 'author', type: 'text', label: 'Author' },
  { key: 'updatedAt', type: 'datetime', label: 'Updated' },
];

const SOURCE_NAMES: Record<CodehostKind, (s: ListSource) => string> = {
  repositories: () => 'Codehost repositories',
  starred: () => 'Codehost starred repositories',
  issues: (s) => `Issues of ${s.repository}`,
};

/** The fixed schema of a source's list, as a client would send it (it goes through the DSL parser like any other). */
export function sourceSchema(source: ListSource): { name: string; description: string; fields: Record<string, unknown>[] } {
  const name = SOURCE_NAMES[source.kind](source);
  return {
    name,
    description: `Kept in sync with the code host (${source.kind}${source.repository ? ` of ${source.repository}` : ''}); read-only`,
    fields: source.kind === 'issues' ? ISSUE_FIELDS : REPOSITORY_FIELDS,
  };
}

/** A provider item as a row's data keyed by column key (the list's own row validation checks it). */
export function sourceRow(item: CodehostItem): Record<string, unknown> {
  if ('number' in item) {
    return { number: item.number, title: item.title, state: item.state, labels: item.labels.join(', ') || null, url: item.htmlUrl, author: item.author, updatedAt: item.updatedAt };
  }
  return { name: item.fullName, description: item.description, url: item.htmlUrl, language: item.language, stars: item.stars, updatedAt: item.updatedAt };
}

/** A list's source, or null for a list of the caller's own rows. */
export function sourceOf(list: Pick<ListRecord, 'source'>): ListSource | null {
  if (list.source === null) return null;
  const parsed = JSON.parse(list.source) as ListSource;
  return { provider: 'codehost', kind: parsed.kind, repository: parsed.repository ?? null };
}

/** 409 read_only_list for a list whose rows come from a source. */
export function assertOwnRows(list: Pick<ListRecord, 'source'>): void {
  if (list.source !== null) throw conflict('This list is kept in sync with the code host: its rows, columns and schema are read-only', 'read_only_list');
}

/**
 * The list whose rows (an editor) or columns and schema (its owner) the caller may write: 404 with
 * no access, 403 without the role, 409 read_only_list when sourced.
 */
export async function editableList(db: Tx, userId: string, listId: string, needed: Extract<Role, 'editor' | 'owner'>): Promise<ListRecord> {
  const list = await listAs(db, userId, listId, needed);
  assertOwnRows(list);
  return list;
}
