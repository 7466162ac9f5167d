import { sourceOf } from './sources.js';
import type { FolderRecord, ListRecord, Owner, StoredColumn, StoredRow, TrashedRow, ViewRecord } from './queries/index.js';

// The one place that decides the wire shape of lists, rows, folders and views.

export function presentColumn(c: StoredColumn) {
  return {
    propertyId: c.propertyId,
    key: c.key,
    type: c.type,
    label: c.label,
    required: c.required,
    unique: c.unique,
    defaultValue: c.defaultValue ?? null,
    options: c.options,
    placeholder: c.placeholder,
    helpText: c.helpText,
    validation: c.validation,
    visible: c.visible,
    visibility: c.visibility,
    displayOrder: c.displayOrder,
  };
}

export function presentSchema(list: ListRecord, columns: StoredColumn[]) {
  return { name: list.schema_name, description: list.schema_description, fields: columns.map(presentColumn) };
}

/**
 * Where a codehost-backed list's rows come from and when they last came: on every presentation of
 * the List record (not the Public list, whose fields the spec fixes).
 */
function presentSource(list: ListRecord) {
  return { source: sourceOf(list), lastSyncedAt: list.last_synced_at, syncTruncated: list.sync_truncated };
}

export function presentList({ list, columns }: { list: ListRecord; columns: StoredColumn[] }) {
  return {
    id: list.id,
    title: list.title,
    description: list.description,
    isPublic: list.is_public,
    folderId: list.folder_id,
    schema: presentSchema(list, columns),
    ...presentSource(list),
    createdAt: list.created_at,
    updatedAt: list.updated_at,
  };
}

/** The spec's Public list: the schema as a string. */
export function presentPublicList({ list, columns, owner }: { list: ListRecord; columns: StoredColumn[]; owner: Owner }) {
  return {
    id: list.id,
    title: list.title,
    description: list.description,
    isPublic: list.is_public,
    schema: JSON.stringify(presentSchema(list, columns)),
    owner: { username: owner.username, displayName: owner.display_name },
    createdAt: list.created_at,
  };
}

/**
 * A row's data as clients see it: keyed by column key, every column present (null when empty),
 * the `hidden` ones (a saved view's) left out. Also what an edit's keys (or an import line's) are
 * laid over, since the client writes in this form.
 */
export function presentRowData(columns: readonly StoredColumn[], stored: Record<string, unknown>, hidden?: ReadonlySet<string>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const c of columns) if (!hidden?.has(c.key)) out[c.key] = stored[c.propertyId] ?? null;
  return out;
}

export function presentRow(columns: readonly StoredColumn[], r: StoredRow, hidden?: ReadonlySet<string>) {
  return {
    id: r.id,
    data: presentRowData(columns, r.data, hidden),
    createdAt: r.created_at,
    updatedAt: r.updated_at,
    updatedBy: r.updated_by && { id: r.updated_by.id, username: r.updated_by.username },
  };
}

export type PresentedRow = ReturnType<typeof presentRow>;

export function presentTrashedRow(columns: readonly StoredColumn[], r: TrashedRow) {
  return { ...presentRow(columns, r), deletedAt: r.deleted_at };
}

export function presentFolder(f: FolderRecord) {
  return { id: f.id, name: f.name, parentId: f.parent_id, createdAt: f.created_at };
}

export function presentView(v: ViewRecord) {
  return { id: v.id, name: v.name, sort: v.sort, filter: v.filter, hiddenColumns: v.hiddenColumns, createdAt: v.created_at, updatedAt: v.updated_at };
}
