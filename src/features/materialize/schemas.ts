import { Type, type Static, type TSchema } from '@sinclair/typebox';
import { Id, NotBlank, Nullable, ref, StringEnum } from '../../http/schemas.js';
import { COLUMN_TYPES } from '../lists/index.js';

// POST /api/materialize (spec, Materialize): the request carries ids only; what the client may
// send besides them (cell values, body text) is accepted and ignored, so `source` takes any other
// key. Each part is an OpenAPI component.

export const TARGETS = ['list', 'doc', 'both', 'message'] as const;
export const SOURCE_KINDS = ['messages', 'lists', 'rows', 'document', 'docElements'] as const;
export type SourceKind = (typeof SOURCE_KINDS)[number];

/** At most this many messages, lists and rows in one request. */
export const MAX_MESSAGES = 5000;
export const MAX_LISTS = 100;
export const MAX_ROWS = 20_000;

export const MaterializeSource = Type.Object(
  {
    kind: StringEnum(SOURCE_KINDS, { description: 'What the ids name' }),
    messageIds: Type.Optional(Type.Array(Id, { maxItems: MAX_MESSAGES, description: 'kind `messages`: the caller’s own messages' })),
    listIds: Type.Optional(Type.Array(Id, { maxItems: MAX_LISTS, description: 'kind `lists`: the caller’s own lists' })),
    listId: Type.Optional(Id),
    rowIds: Type.Optional(Type.Array(Id, { maxItems: MAX_ROWS, description: 'kind `rows`: live rows of `listId`' })),
    documentId: Type.Optional(Id),
    markdown: Type.Optional(Type.String({ maxLength: 500_000, description: 'kind `docElements`: the selected part, found in the document’s own content' })),
  },
  {
    $id: 'MaterializeSource',
    description:
      'By `kind`: `messages` (messageIds), `lists` (listIds), `rows` (listId, rowIds), `document` (documentId), `docElements` (documentId, markdown). Every id must be the caller’s (else 404); other keys are ignored.',
  },
);

export const MaterializeField = Type.Object(
  {
    propertyKey: Type.String({ minLength: 1, maxLength: 100 }),
    propertyName: NotBlank({ minLength: 1, maxLength: 200 }),
    propertyType: StringEnum(COLUMN_TYPES),
    isRequired: Type.Optional(Type.Boolean()),
    options: Type.Optional(Type.Array(Type.String({ minLength: 1, maxLength: 200 }), { maxItems: 500 })),
    sourceKey: Nullable(
      Type.String({
        maxLength: 100,
        description:
          'The source attribute this column takes its values from, or null for an empty column. messages: content, createdAt, tags, digCount, replyCount, author, url; rows: a column key of the list; lists: title, description, rowCount; document and docElements: title, heading, item.',
      }),
    ),
  },
  { $id: 'MaterializeField', additionalProperties: false, description: 'A column of the new list and where its values come from' },
);

export const ListConfig = Type.Object(
  {
    title: NotBlank({ minLength: 1, maxLength: 200 }),
    description: Type.Optional(Nullable(Type.String({ maxLength: 2000 }))),
    isPublic: Type.Optional(Type.Boolean()),
    fields: Type.Array(ref(MaterializeField), { minItems: 1, maxItems: 200 }),
    includeData: Type.Optional(Type.Boolean({ description: 'false: the columns only (default true)' })),
  },
  { $id: 'MaterializeListConfig', additionalProperties: false, description: 'The new list (target list or both)' },
);

export const DocConfig = Type.Object(
  {
    title: NotBlank({ minLength: 1, maxLength: 500 }),
    relativePath: Type.Optional(Type.String({ minLength: 1, maxLength: 255, description: 'The file name (one segment); derived from the title when left out' })),
    isPublic: Type.Optional(Type.Boolean()),
    listStyle: Type.Optional(StringEnum(['numbered', 'bulleted'] as const, { description: 'default bulleted' })),
    rowDataStyle: Type.Optional(StringEnum(['inline', 'sub-items'] as const, { description: 'An item’s other values on its line, or as nested items (default inline)' })),
  },
  { $id: 'MaterializeDocConfig', additionalProperties: false, description: 'The new document (target doc or both)' },
);

export const MessageConfig = Type.Object(
  {
    content: Type.Optional(Type.String({ maxLength: 100_000, description: 'The edited body; derived from the source when left out' })),
    crossPostTargets: Type.Optional(Type.Array(Type.String({ maxLength: 50 }), { maxItems: 4, description: 'Channel labels sizing the draft: networkA, networkB, networkC, networkD' })),
    allowThread: Type.Optional(Type.Boolean({ description: 'Split a body over the limit into a thread (default false: 400)' })),
    numbered: Type.Optional(Type.Boolean({ description: 'End each thread part with "i/n", within the limit (default false)' })),
    publiclyVisible: Type.Optional(Type.Boolean()),
    tags: Type.Optional(Type.Array(Type.String({ maxLength: 100 }), { maxItems: 50 })),
    scheduledAt: Type.Optional(Type.String({ maxLength: 64 })),
  },
  { $id: 'MaterializeMessageConfig', additionalProperties: false, description: 'The draft (target message); publiclyVisible, tags and scheduledAt are passed through' },
);

export const MaterializeBody = Type.Object(
  {
    target: StringEnum(TARGETS, { description: '`list`, `doc` and `both` create; `message` answers a draft and writes nothing' }),
    source: ref(MaterializeSource),
    listConfig: Type.Optional(ref(ListConfig)),
    docConfig: Type.Optional(ref(DocConfig)),
    messageConfig: Type.Optional(ref(MessageConfig)),
  },
  {
    additionalProperties: false,
    examples: [
      {
        target: 'list',
        source: { kind: 'messages', messageIds: ['01JD5Q8Z4T6W3M9K2N7B1C0XYZ', '01JD5Q9A2R5V8H4J6L3P0D1QRS'] },
        listConfig: {
          title: 'Saved posts',
          fields: [
            { propertyKey: 'content', propertyName: 'Content', propertyType: 'text', sourceKey: 'content' },
            { propertyKey: 'posted', propertyName: 'Posted', propertyType: 'datetime', sourceKey: 'createdAt' },
            { propertyKey: 'note', propertyName: 'Note', propertyType: 'text', sourceKey: null },
          ],
        },
      },
    ],
  },
);
export type MaterializeBody = Static<typeof MaterializeBody>;
export type ListConfig = Static<typeof ListConfig>;
export type MaterializeSource = Static<typeof MaterializeSource>;
export type DocConfig = Static<typeof DocConfig>;
export type MessageConfig = Static<typeof MessageConfig>;

export const MaterializeCreated = Type.Object(
  {
    list: Type.Optional(
      Type.Object({
        id: Type.String(),
        title: Type.String(),
        rowCount: Type.Integer({ description: 'Rows written' }),
        emptiedValues: Type.Integer({ description: 'Values the new list refused, left empty' }),
        skippedRows: Type.Integer({ description: 'Rows left out: a required value missing once refused values were emptied' }),
      }),
    ),
    document: Type.Optional(Type.Object({ id: Type.String(), title: Type.String() })),
  },
  { $id: 'MaterializeCreated', description: 'What was created; each key present only when created' },
);

export const MessageDraft = Type.Object(
  {
    message: Type.Object({
      content: Type.String(),
      thread: Type.Array(Type.String(), { description: 'The posts to make in reply order (the content alone when it fits)' }),
      isThread: Type.Boolean(),
      charLimit: Type.Integer({ description: 'The smaller of maxMessageLength and the tightest limit among crossPostTargets' }),
      crossPostTargets: Type.Array(Type.String()),
      publiclyVisible: Type.Optional(Type.Boolean()),
      tags: Type.Optional(Type.Array(Type.String())),
      scheduledAt: Type.Optional(Type.String()),
    }),
  },
  { $id: 'MaterializeMessageDraft', description: 'A draft for POST /api/messages (nothing written)' },
);

export const MATERIALIZE_COMPONENTS: TSchema[] = [MaterializeSource, MaterializeField, ListConfig, DocConfig, MessageConfig, MaterializeCreated, MessageDraft];
