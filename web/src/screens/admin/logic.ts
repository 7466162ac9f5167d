// Types straight from the generated schema (not api.ts): the unit tests type-check this file under
// Node's resolution too, where the client's bundler-style imports do not resolve.
import type { components } from '../../api/schema.js';

type Schemas = components['schemas'];

// The administration screen's own logic, without the DOM (unit-tested in
// test/web/account-logic.test.ts): the account-status lifecycle in words, the tabs, selections,
// pages, and a purge's counts in words.

export type AccountStatus = Schemas['AdminUser']['accountStatus'];

/** Each status and what it does to the account (spec: States and transitions, Account status). */
export const STATUSES: { value: AccountStatus; label: string; meaning: string }[] = [
  { value: 'probation', label: 'Probation', meaning: 'New and not yet verified: plain posts only, at most 3 an hour and 10 a day.' },
  { value: 'active', label: 'Active', meaning: 'Full access. Setting it also marks the account cleared.' },
  { value: 'restricted', label: 'Restricted', meaning: 'Read-only: reading works, every write is refused. The owner can appeal.' },
  { value: 'suspended', label: 'Suspended', meaning: 'Read-only while the suspension lasts, as restricted. The owner can appeal.' },
  { value: 'banned', label: 'Banned', meaning: 'Final: every session and sync token ends at once and nothing can be written again.' },
];

/** The rules the service holds to whatever is sent (its refusals come back in words too). */
export const STATUS_RULES = 'You cannot change your own status, and the last administrator can be neither locked nor banned.';

export const statusLabel = (value: AccountStatus) => STATUSES.find((s) => s.value === value)?.label ?? value;

export const ADMIN_TABS = [
  { key: 'users', label: 'Users' },
  { key: 'reports', label: 'Reports' },
  { key: 'email', label: 'E-mail log' },
  { key: 'aggregates', label: 'Aggregates' },
] as const;

export type AdminTab = (typeof ADMIN_TABS)[number]['key'];

/** The tab `?tab=` names; the users by default. */
export function adminTab(search: URLSearchParams): AdminTab {
  const tab = search.get('tab');
  return ADMIN_TABS.find((t) => t.key === tab)?.key ?? 'users';
}

/** A selection with `id` added or taken away. */
export function toggled(selection: ReadonlySet<string>, id: string, on: boolean): Set<string> {
  const next = new Set(selection);
  if (on) next.add(id);
  else next.delete(id);
  return next;
}

/** "Page 2 of 5" from a pagination object (at least one page, even when empty). */
export function pageText(p: Schemas['Pagination']): string {
  const pages = Math.max(1, Math.ceil(p.total / p.limit));
  const page = Math.floor(p.offset / p.limit) + 1;
  return `Page ${page} of ${pages} (${p.total} in all)`;
}

const PURGE_WORDS: [keyof Schemas['PurgeCounts'], string, string][] = [
  ['messages', 'message', 'messages'],
  ['directMessages', 'direct message', 'direct messages'],
  ['documents', 'document', 'documents'],
  ['folders', 'document folder', 'document folders'],
  ['lists', 'list', 'lists'],
  ['listFolders', 'list folder', 'list folders'],
];

/** A purge's counts in words: "3 messages, 1 list" (or "nothing"). */
export function purgeCountsText(counts: Schemas['PurgeCounts']): string {
  const parts = PURGE_WORDS.filter(([key]) => counts[key] > 0).map(([key, one, many]) => `${counts[key]} ${counts[key] === 1 ? one : many}`);
  return parts.length ? parts.join(', ') : 'nothing';
}

/** A table cell's value as text (aggregates rows are plain JSON values). */
export function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}
