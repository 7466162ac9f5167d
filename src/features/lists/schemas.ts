import { Type, type Static } from '@sinclair/typebox';
import { Paged, pageQuery, ROW_PAGE } from '../../http/pagination.js';
import { DateTime, FilePart, Id, NotBlank, Nullable, ref, StringEnum, Username } from '../../http/schemas.js';
import { COLUMN_TYPES, OPERATORS } from './dsl.js';
import { IMPORT_MODES } from './import.js';
import { SOURCE_KINDS } from './sources.js';

// Request and response schemas of the lists family (spec: Lists, Public). The schema DSL itself is checked by dsl.ts (its errors are the spec's
// `Invalid schema: ...`), so request bodies take it loosely here.


export const ColumnValidation = Type.Object(
  {
    min: Type.Optional(Type.Union([Type.Number(), Type.String()])),
    max: Type.Optional(Type.Union([Type.Number(), Type.String()])),
    minLength: Type.Optional(Type.Integer({ minimum: 0 })),
    maxLength: Type.Optional(Type.Integer({ minimum: 0 })),
    pattern: Type.Optional(Type.String({ description: 'A regular expression (RE2 syntax: no lookaround or backreferences)' })),
    step: Type.Optional(Type.Number({ description: 'A hint for input controls; not enforced' })),
  },
  { $id: 'ColumnValidation', description: 'Rules checked when a row is added or edited' },
);

export const Condition = Type.Object(
  {
    field: Type.String({ description: 'The key of the column compared' }),
    operator: StringEnum(OPERATORS),
    value: Type.Optional(Type.Unknown({ description: 'Ignored by isEmpty and isNotEmpty' })),
  },
  { $id: 'Condition', description: 'One condition: a column compared with a value' },
);

export const Column = Type.Object(
  {
    propertyId: Type.String({ description: 'The id of the column’s property record; send it back in a non-destructive schema edit' }),
    key: Type.String({ description: 'The machine key used in each row’s data' }),
    type: StringEnum(COLUMN_TYPES),
    label: Type.String(),
    required: Type.Boolean(),
    unique: Type.Boolean(),
    defaultValue: Type.Unknown({ description: 'Pre-filled for new rows; null when none' }),
    options: Nullable(Type.Array(Type.String())),
    placeholder: Nullable(Type.String()),
    helpText: Nullable(Type.String()),
    validation: Nullable(ref(ColumnValidation)),
    visible: Type.Boolean(),
    visibility: Nullable(Type.Object({ condition: ref(Condition) })),
    displayOrder: Type.Integer(),
  },
  { $id: 'ListColumn', description: 'A column of a list (its property record)' },
);

export const ListSchemaObject = Type.Object(
  { name: Type.String(), description: Nullable(Type.String()), fields: Type.Array(ref(Column)) },
  { $id: 'ListSchema', description: 'The List schema object (DSL): a name and its columns' },
);

const SOURCE_KIND = StringEnum(SOURCE_KINDS, { description: 'repositories: the caller’s own; starred: those the caller starred; issues: one repository’s, pull requests left out' });

export const ListSourceObject = Type.Object(
  { provider: Type.Literal('codehost'), kind: SOURCE_KIND, repository: Nullable(Type.String({ description: '`owner/name` (the issues source)' })) },
  { $id: 'ListSource', description: 'Where a codehost-backed list’s rows come from; its rows are read-only' },
);

const SourceFields = {
  /** Set for a codehost-backed list, whose rows the sync writes; null for a list of one's own rows. */
  source: Nullable(ref(ListSourceObject)),
  lastSyncedAt: Nullable(DateTime({ description: 'When the last good sync ended (a codehost-backed list); null before the first' })),
  syncTruncated: Type.Boolean({
    description: 'Whether the last good sync stopped at the code host listing’s bound (100 pages of 100 items), so that items beyond it are not rows; false for a list of one’s own rows',
  }),
};

export const List = Type.Object(
  {
    id: Type.String(),
    title: Type.String(),
    description: Nullable(Type.String()),
    isPublic: Type.Boolean(),
    folderId: Nullable(Type.String()),
    schema: ref(ListSchemaObject),
    ...SourceFields,
    createdAt: DateTime(),
    updatedAt: DateTime(),
  },
  { $id: 'List', description: 'A list with its schema' },
);

export const PublicList = Type.Object(
  {
    id: Type.String(),
    title: Type.String(),
    description: Nullable(Type.String()),
    isPublic: Type.Boolean(),
    schema: Type.String({ description: 'The List schema object, JSON-encoded' }),
    owner: Type.Object({ username: Type.String(), displayName: Type.String() }),
    createdAt: DateTime(),
  },
  { $id: 'PublicList', description: 'A public list as anyone may see it' },
);

const RowData = Type.Record(Type.String(), Type.Unknown(), { description: 'Cell values keyed by column key (null when empty)' });

const UpdatedBy = Nullable(
  Type.Object(
    { id: Type.String(), username: Type.String() },
    { description: 'Who last added, edited or restored the row; null for rows written before attribution, by a codehost sync, or by an account since deleted' },
  ),
);

export const Row = Type.Object(
  { id: Type.String(), data: RowData, createdAt: DateTime(), updatedAt: DateTime(), updatedBy: UpdatedBy },
  { $id: 'ListRow', description: 'A row of a list' },
);

export const TrashedRow = Type.Object(
  { id: Type.String(), data: RowData, createdAt: DateTime(), updatedAt: DateTime(), updatedBy: UpdatedBy, deletedAt: Nullable(DateTime()) },
  { $id: 'TrashedListRow', description: 'A deleted row, restorable for 30 days' },
);

export const Folder = Type.Object(
  { id: Type.String(), name: Type.String(), parentId: Nullable(Type.String()), createdAt: DateTime() },
  { $id: 'ListFolder', description: 'A folder of lists' },
);

export const SavedView = Type.Object(
  {
    id: Type.String(),
    name: Type.String(),
    sort: Nullable(Type.String()),
    filter: Type.Array(ref(Condition)),
    hiddenColumns: Type.Array(Type.String()),
    createdAt: DateTime(),
    updatedAt: DateTime(),
  },
  { $id: 'ListView', description: 'A saved view of a list: sort, filter and hidden columns' },
);

export const LIST_COMPONENTS = [ColumnValidation, Condition, Column, ListSchemaObject, ListSourceObject, List, PublicList, Row, TrashedRow, Folder, SavedView];

// ---- envelopes

const envelope = <T extends ReturnType<typeof ref>>(data: T, description: string) =>
  Type.Object({ message: Type.String(), data }, { description });

export const ListEnvelope = envelope(ref(List), 'The list');
export const ListsEnvelope = Paged({ message: Type.String(), data: Type.Array(ref(List)) }, 'A page of lists');
export const RowEnvelope = envelope(ref(Row), 'The row');
export const RowsEnvelope = Paged({ message: Type.String(), data: Type.Array(ref(Row)) }, 'A page of rows');
export const TrashEnvelope = Paged({ message: Type.String(), data: Type.Array(ref(TrashedRow)) }, 'A page of deleted rows');
export const PublicListEnvelope = envelope(ref(PublicList), 'The public list');
export const PublicListsEnvelope = Paged({ message: Type.String(), data: Type.Array(ref(PublicList)) }, 'A page of the user’s public lists');
export const FoldersEnvelope = Type.Object({ folders: Type.Array(ref(Folder)) }, { description: 'The list folders' });
export const FolderEnvelope = Type.Object({ folder: ref(Folder) }, { description: 'The folder' });
export const ViewsEnvelope = Type.Object({ views: Type.Array(ref(SavedView)) }, { description: 'The saved views' });
export const ViewEnvelope = Type.Object({ view: ref(SavedView) }, { description: 'The saved view' });

const ImportJob = Type.Object(
  {
    id: Type.String(),
    status: Type.String({ enum: ['queued', 'running', 'done', 'failed'] }),
    dryRun: Type.Boolean(),
    total: Type.Integer(),
    processed: Type.Integer(),
    inserted: Type.Integer(),
    updated: Type.Integer(),
    skipped: Type.Integer(),
    errors: Type.Array(Type.Object({ line: Type.Integer(), messages: Type.Array(Type.String()) })),
  },
  { description: 'An import job and its progress' },
);
export const ImportEnvelope = Type.Object({ job: ImportJob });
export const ImportQueued = Type.Object({ job: Type.Object({ id: Type.String(), status: Type.String() }) });

/**
 * Pages of rows are serialised with JSON.stringify: the presenter gives them their exact shape,
 * and each row's `data` (any JSON per column) costs fast-json-stringify about three times as much
 * (some 400 µs against 130 µs for 50 rows of ten columns). A route option, beside its schema.
 */
export const ROWS_SERIALIZER = { serializerCompiler: () => (data: unknown) => JSON.stringify(data) };

// ---- requests

export const RowParams = Type.Object({ id: Id, rowId: Id });
export const ViewParams = Type.Object({ id: Id, viewId: Id });
export const PublicListParams = Type.Object({ username: Username, id: Id });
export const ImportParams = Type.Object({ id: Id, jobId: Id });

// The lists family pages by ROW_PAGE and refuses query parameters it does not know.
const closed = { additionalProperties: false };
export const ListPageQuery = pageQuery({}, ROW_PAGE, closed);
export const ListsQuery = pageQuery({ folderId: Type.Optional(Id) }, ROW_PAGE, closed);
const RowQueryFields = {
  sort: Type.Optional(Type.String({ maxLength: 110, description: 'A column key, createdAt or updatedAt; a leading - sorts descending' })),
  filter: Type.Optional(Type.String({ maxLength: 20_000, description: 'A JSON array of { field, operator, value } conditions, all of which must hold' })),
  q: Type.Optional(Type.String({ maxLength: 200, description: 'Case-insensitive text contained in any text-like column' })),
};
export const RowsQuery = pageQuery({ ...RowQueryFields, view: Type.Optional(Id) }, ROW_PAGE, closed);
export const PublicRowsQuery = pageQuery(RowQueryFields, ROW_PAGE, closed);

const TitleField = NotBlank({ minLength: 1, maxLength: 200 });
const DescriptionField = Nullable(Type.String({ maxLength: 2000 }));
const SchemaInput = Type.Unknown({ description: 'The List schema object: { name, description?, fields: [column definition...] }' });

export const EXAMPLE_SCHEMA = {
  name: 'Reading list',
  fields: [
    { key: 'title', type: 'text', label: 'Title', required: true },
    { key: 'status', type: 'select', label: 'Status', options: ['to read', 'reading', 'done'] },
    { key: 'priority', type: 'priority', label: 'Priority' },
  ],
};

export const CreateListBody = Type.Object(
  {
    title: Type.Optional(TitleField),
    description: Type.Optional(DescriptionField),
    isPublic: Type.Optional(Type.Boolean({ default: false })),
    folderId: Type.Optional(Nullable(Id)),
    schema: Type.Optional(SchemaInput),
    source: Type.Optional(
      Type.Object(
        {
          provider: Type.Literal('codehost'),
          kind: SOURCE_KIND,
          repository: Type.Optional(Type.String({ maxLength: 201, description: '`owner/name`: required for issues, refused for the others' })),
        },
        { additionalProperties: false, description: 'Instead of `schema`: a codehost-backed list with that source’s fixed schema, for a caller with a linked codehost identity (else 400 `network_not_linked`)' },
      ),
    ),
  },
  {
    additionalProperties: false,
    examples: [
      { title: 'Reading list', isPublic: false, schema: EXAMPLE_SCHEMA },
      { title: 'Issues', source: { provider: 'codehost', kind: 'issues', repository: 'octo/hello' } },
    ],
  },
);
export type CreateListBody = Static<typeof CreateListBody>;

export const UpdateListBody = Type.Object(
  { title: Type.Optional(TitleField), description: Type.Optional(DescriptionField), isPublic: Type.Optional(Type.Boolean()), folderId: Type.Optional(Nullable(Id)) },
  { additionalProperties: false, minProperties: 1, examples: [{ title: 'Books', isPublic: true }] },
);

/**
 * The two forms of a schema PUT, as named examples. They go on the route as `x-body-examples`
 * (copied verbatim by the document's finishing pass): @fastify/swagger rewrites a schema
 * example's `properties` key as if it were a JSON-schema keyword, mangling the edit form.
 */
export const SCHEMA_BODY_EXAMPLES = {
  rebuild: { summary: 'Destructive rebuild from a schema', value: EXAMPLE_SCHEMA },
  edit: {
    summary: 'Non-destructive edit of the columns',
    value: { properties: [{ propertyId: '0190f5c2-0000-7000-8000-000000000001', key: 'title', type: 'text', label: 'Book title' }] },
  },
};

export const SchemaBody = Type.Object(
  {
    name: Type.Optional(Type.Unknown({ description: 'Destructive rebuild: the schema name (becomes the title)' })),
    description: Type.Optional(Type.Unknown()),
    fields: Type.Optional(Type.Unknown({ description: 'Destructive rebuild: the new columns' })),
    properties: Type.Optional(
      Type.Array(Type.Unknown(), {
        maxItems: 200,
        description: 'Non-destructive edit: column definitions, each with the propertyId of an existing column to keep it and its data',
      }),
    ),
  },
  {
    additionalProperties: false,
    // Examples: SCHEMA_BODY_EXAMPLES, on the route (see there).
  },
);

const DataField = Type.Record(Type.String({ maxLength: 100 }), Type.Unknown(), { description: 'Cell values keyed by column key' });
export const AddRowBody = Type.Object({ data: DataField }, { additionalProperties: false, examples: [{ data: { title: 'Dune', status: 'to read' } }] });
export const EditRowBody = Type.Object(
  { rowId: Id, data: DataField },
  { additionalProperties: false, examples: [{ rowId: '0190f5c2-0000-7000-8000-000000000002', data: { status: 'done' } }] },
);

export const FolderBody = Type.Object(
  { name: NotBlank({ minLength: 1, maxLength: 200 }), parentId: Type.Optional(Nullable(Id)) },
  { additionalProperties: false, examples: [{ name: 'Reading' }] },
);
export const FolderPatch = Type.Object(
  { name: Type.Optional(NotBlank({ minLength: 1, maxLength: 200 })), parentId: Type.Optional(Nullable(Id)) },
  { additionalProperties: false, minProperties: 1, examples: [{ name: 'Books' }] },
);

const ViewFields = {
  sort: Type.Optional(Nullable(Type.String({ maxLength: 110 }))),
  filter: Type.Optional(Nullable(Type.Array(Type.Unknown(), { maxItems: 20 }))),
  hiddenColumns: Type.Optional(Type.Array(Type.String({ maxLength: 100 }), { maxItems: 200 })),
};
export const ViewBody = Type.Object(
  { name: NotBlank({ minLength: 1, maxLength: 200 }), ...ViewFields },
  { additionalProperties: false, examples: [{ name: 'Unread first', sort: '-priority', filter: [{ field: 'status', operator: 'notEquals', value: 'done' }] }] },
);
export const ViewPatch = Type.Object(
  { name: Type.Optional(NotBlank({ minLength: 1, maxLength: 200 })), ...ViewFields },
  { additionalProperties: false, minProperties: 1, examples: [{ hiddenColumns: ['priority'] }] },
);

// The parts of an import, for the document (the route reads and checks them itself).
export const ImportForm = Type.Object({
  file: FilePart('The CSV file; its header line names column keys or labels'),
  dryRun: Type.Optional(StringEnum(['true', 'false'] as const, { default: 'false', description: 'Check every line, write nothing' })),
  upsertKey: Type.Optional(Type.String({ description: 'A unique column’s key: lines whose value matches a row update it' })),
  mode: Type.Optional(StringEnum(IMPORT_MODES, { default: 'all-or-nothing' })),
});
