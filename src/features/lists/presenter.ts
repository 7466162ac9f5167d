import type { FolderRecord, ListRecord, Owner, StoredColumn, ViewRecord } from './queries/index.js';
import type { RowRecord } from './rows.js';

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

export function presentList({ list, columns }: { list: ListRecord; columns: StoredColumn[] }) {
  return {
    id: list.id,
    title: list.title,
    description: list.description,
    isPublic: list.is_public,
    folderId: list.folder_id,
    schema: presentSchema(list, columns),
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

export function presentRow(r: RowRecord) {
  return { id: r.id, data: r.data, createdAt: r.created_at, updatedAt: r.updated_at };
}

export function presentTrashedRow(r: RowRecord) {
  return { ...presentRow(r), deletedAt: r.deleted_at ?? null };
}

export function presentFolder(f: FolderRecord) {
  return { id: f.id, name: f.name, parentId: f.parent_id, createdAt: f.created_at };
}

export function presentView(v: ViewRecord) {
  return { id: v.id, name: v.name, sort: v.sort, filter: v.filter, hiddenColumns: v.hiddenColumns, createdAt: v.created_at, updatedAt: v.updated_at };
}
