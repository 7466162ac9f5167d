import { Type, type Static, type TArray, type TObject, type TProperties, type TSchema } from '@sinclair/typebox';
import { Id, ref, StringEnum } from '../../http/schemas.js';
import { AI_FEATURES, ARTIFACT_KINDS, DOCUMENT_MODES, WRITING_ACTIONS } from './features.js';
import { CHANNELS } from '../../lib/post-lengths.js';

// The AI endpoints' schemas (spec, AI and "AI artifacts"). Each artifact kind has ONE schema: it
// validates the model's output (validate.ts, without `kind`, which the server sets), is the JSON
// schema the provider is asked to follow, types the code, and is an OpenAPI component.

const Text = (maxLength: number) => Type.String({ minLength: 1, maxLength, pattern: '\\S' });
const Order = Type.Integer({ minimum: 1, maximum: 1000, description: 'Position in the series, from 1' });

const ListField = Type.Object(
  {
    key: Type.String({ pattern: '^[a-z][a-z0-9_-]*$', maxLength: 100, description: 'Machine key of the column' }),
    type: Type.String({ description: 'One of the twelve column types' }),
    label: Text(200),
  },
  { additionalProperties: true, description: 'A column definition (the lists DSL decides the rest)' },
);

export const ListArtifact = Type.Object(
  {
    kind: Type.Literal('list'),
    title: Text(200),
    description: Type.String({ maxLength: 2000 }),
    dsl: Type.Object(
      { name: Text(200), description: Type.Optional(Type.String({ maxLength: 2000 })), fields: Type.Array(ListField, { minItems: 1, maxItems: 20 }) },
      { additionalProperties: true, description: 'A list schema object (DSL), at most 20 fields' },
    ),
    rows: Type.Array(Type.Record(Type.String(), Type.Unknown()), { maxItems: 50, description: 'Starter rows keyed by column key; rows the list would refuse are dropped' }),
  },
  { $id: 'AiListArtifact', additionalProperties: false, description: 'A list: its schema and starter rows (powered_template)' },
);

export const DocumentArtifact = Type.Object(
  {
    kind: Type.Literal('document'),
    title: Text(500),
    markdown: Text(500_000),
    outline: Type.Array(Text(500), { maxItems: 50 }),
    isPublic: Type.Boolean(),
  },
  { $id: 'AiDocumentArtifact', additionalProperties: false, description: 'A markdown document (powered_document)' },
);

/**
 * A series artifact: a title for what will hold it and its items, each with its `order`, between
 * `minItems` and `maxItems` of them. Message and article series differ only in names and items.
 */
function seriesArtifact<K extends string, TitleKey extends string, ItemsKey extends string, Item extends TProperties>(
  names: { kind: K; title: TitleKey; items: ItemsKey },
  item: Item,
  count: { minItems: number; maxItems: number },
  options: { $id: string; description: string },
) {
  const title = { [names.title]: Text(200) } as Record<TitleKey, ReturnType<typeof Text>>;
  const items = { [names.items]: Type.Array(Type.Object({ order: Order, ...item }, { additionalProperties: false }), count) } as Record<
    ItemsKey,
    TArray<TObject<{ order: typeof Order } & Item>>
  >;
  return Type.Object({ kind: Type.Literal(names.kind), ...title, ...items }, { $id: options.$id, additionalProperties: false, description: options.description });
}

export const MessageSeriesArtifact = seriesArtifact(
  { kind: 'message_series', title: 'listTitle', items: 'items' },
  { content: Text(5000), crossPostTargets: Type.Optional(Type.Array(StringEnum(CHANNELS), { maxItems: 4 })) },
  { minItems: 3, maxItems: 12 },
  { $id: 'AiMessageSeriesArtifact', description: 'A series of 3 to 12 posts (message_series)' },
);

export const DocSeriesArtifact = seriesArtifact(
  { kind: 'doc_series', title: 'folderTitle', items: 'documents' },
  { title: Text(500), outline: Type.Optional(Type.Array(Text(500), { maxItems: 50 })), markdown: Text(500_000) },
  { minItems: 2, maxItems: 6 },
  { $id: 'AiDocSeriesArtifact', description: 'A series of 2 to 6 articles (article_series)' },
);

export const MessageArtifact = Type.Object(
  { kind: Type.Literal('message'), content: Text(10_000) },
  { $id: 'AiMessageArtifact', additionalProperties: false, description: 'One post (writing_assist: rewrite, tighten, expand, grammar)' },
);

export const ThreadArtifact = Type.Object(
  { kind: Type.Literal('thread'), parts: Type.Array(Text(10_000), { minItems: 2, maxItems: 25 }) },
  { $id: 'AiThreadArtifact', additionalProperties: false, description: 'A thread: its posts in reply order (writing_assist: thread)' },
);

export const TagsArtifact = Type.Object(
  { kind: Type.Literal('tags'), tags: Type.Array(Text(100), { minItems: 1, maxItems: 30 }) },
  { $id: 'AiTagsArtifact', additionalProperties: false, description: 'Tags for a post (writing_assist: tags)' },
);

export const ARTIFACT_SCHEMAS = {
  list: ListArtifact,
  document: DocumentArtifact,
  message_series: MessageSeriesArtifact,
  doc_series: DocSeriesArtifact,
  message: MessageArtifact,
  thread: ThreadArtifact,
  tags: TagsArtifact,
} as const;

export type ArtifactOf<K extends keyof typeof ARTIFACT_SCHEMAS> = Static<(typeof ARTIFACT_SCHEMAS)[K]>;
export type Artifact = { [K in keyof typeof ARTIFACT_SCHEMAS]: ArtifactOf<K> }[keyof typeof ARTIFACT_SCHEMAS];

const ArtifactRef = Type.Union(
  [ref(ListArtifact), ref(DocumentArtifact), ref(MessageSeriesArtifact), ref(DocSeriesArtifact), ref(MessageArtifact), ref(ThreadArtifact), ref(TagsArtifact)],
  { description: 'An artifact; `kind` selects the shape' },
);

const Feature = StringEnum(AI_FEATURES, { description: 'The AI feature' });

export const SuggestContext = Type.Object(
  {
    templateKey: Type.Optional(Type.String({ maxLength: 100, description: 'powered_template: a template to start from' })),
    mode: Type.Optional(StringEnum(DOCUMENT_MODES, { description: 'powered_document (default `article`)' })),
    listId: Type.Optional(Id),
    documentId: Type.Optional(Id),
    url: Type.Optional(Type.String({ maxLength: 2048, description: 'research_url: an http or https page, fetched by the server and cited' })),
    action: Type.Optional(StringEnum(WRITING_ACTIONS, { description: 'writing_assist (default `rewrite`)' })),
    targetPlatform: Type.Optional(Type.String({ maxLength: 50, description: 'writing_assist: a channel label whose length limit applies' })),
    count: Type.Optional(Type.Number({ description: 'Series size, clamped (message_series 3 to 12, default 5; article_series 2 to 6, default 4)' })),
    channels: Type.Optional(Type.Array(Type.String({ maxLength: 50 }), { maxItems: 10, description: 'message_series: channel labels whose tightest limit sizes the posts' })),
    spacingMinutes: Type.Optional(Type.Number({ description: 'Accepted and ignored' })),
  },
  { additionalProperties: true, description: 'Feature-specific hints; unknown fields are ignored' },
);
export type SuggestContext = Static<typeof SuggestContext>;

export const SuggestBody = Type.Object(
  {
    feature: Feature,
    input: Type.String({ minLength: 1, maxLength: 100_000, description: 'The request in words; capped in words per feature' }),
    context: Type.Optional(SuggestContext),
    model: Type.Optional(Type.String({ minLength: 1, maxLength: 200, description: 'A model id of the configured provider' })),
    provider: Type.Optional(Type.String({ maxLength: 100, description: 'Accepted and ignored: the server has one provider' })),
    maxOutputTokens: Type.Optional(Type.Integer({ minimum: 1, description: 'Clamped down to the feature’s ceiling, never up' })),
  },
  {
    additionalProperties: false,
    examples: [{ feature: 'powered_template', input: 'A reading list with title, author, status and rating', context: { templateKey: 'reading' } }],
  },
);
export type SuggestBody = Static<typeof SuggestBody>;

export const CrossPostSelection = Type.Object(
  {
    crossPostToNetworkB: Type.Optional(Type.Boolean()),
    selectedNetworkAIds: Type.Optional(Type.Array(Id, { maxItems: 20 })),
    crossPostToNetworkC: Type.Optional(Type.Boolean()),
    selectedNetworkCTargets: Type.Optional(Type.Array(Type.String({ minLength: 1, maxLength: 200 }), { maxItems: 20 })),
    crossPostToNetworkD: Type.Optional(Type.Boolean()),
    networkCLinkAsFirstComment: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false, description: 'message_series: channels of every post; selections of accounts the caller has not linked are dropped' },
);
export type CrossPostSelection = Static<typeof CrossPostSelection>;

export const GenerateBody = Type.Object(
  {
    feature: Feature,
    artifact: ArtifactRef,
    provider: Type.Optional(Type.String({ maxLength: 100, description: 'Recorded in the audit ledger only' })),
    model: Type.Optional(Type.String({ maxLength: 200, description: 'Recorded in the audit ledger only' })),
    scheduleImmediately: Type.Optional(Type.Boolean({ description: 'message_series: scheduled messages instead of a list' })),
    crossPost: Type.Optional(CrossPostSelection),
  },
  {
    additionalProperties: false,
    examples: [
      {
        feature: 'powered_document',
        artifact: { kind: 'document', title: 'Composting at home', markdown: '# Composting at home\n\nStart with...', outline: ['Why', 'How'], isPublic: false },
      },
    ],
  },
);
export type GenerateBody = Static<typeof GenerateBody>;

/**
 * generate's body as its route checks it: the artifact only by its kind. The artifact itself is
 * checked by generate (validate.ts), inside the attempt, so that an artifact refused there is a
 * failed attempt that counts against the quota, as the spec says; the document shows GenerateBody.
 */
export const GenerateBodyCheck = Type.Object(
  { ...GenerateBody.properties, artifact: Type.Object({ kind: StringEnum(ARTIFACT_KINDS) }, { additionalProperties: true }) },
  { additionalProperties: false },
);

const QuotaUsed = Type.Object({ usedToday: Type.Integer({ minimum: 0 }), dailyLimit: Type.Integer({ minimum: 0 }) });

export const SuggestResult = Type.Object(
  {
    ok: Type.Literal(true),
    feature: Feature,
    artifact: ArtifactRef,
    usage: Type.Object({ inputTokens: Type.Integer({ minimum: 0 }), outputTokens: Type.Integer({ minimum: 0 }), model: Type.String() }),
    quota: QuotaUsed,
  },
  { $id: 'AiSuggestResult', description: 'A validated artifact; nothing was written' },
);

export const Created = Type.Union(
  [
    Type.Object({ listId: Type.String() }, { additionalProperties: false }),
    Type.Object(
      { scheduledMessageIds: Type.Array(Type.String()), firstScheduledAt: Type.String({ format: 'date-time' }), lastScheduledAt: Type.String({ format: 'date-time' }) },
      { additionalProperties: false },
    ),
    Type.Object({ documentId: Type.String() }, { additionalProperties: false }),
    Type.Object({ folderId: Type.String(), documentIds: Type.Array(Type.String()) }, { additionalProperties: false }),
  ],
  { description: 'What was created, by artifact kind' },
);
export type Created = Static<typeof Created>;

export const GenerateResult = Type.Object(
  { ok: Type.Literal(true), feature: Feature, created: Created, quota: QuotaUsed },
  { $id: 'AiGenerateResult', description: 'The artifact was persisted' },
);

export const AiStatus = Type.Object(
  {
    subscriber: Type.Boolean(),
    providers: Type.Array(StringEnum(['openai', 'anthropic']), { description: 'The configured provider, when its key is set' }),
    defaultModels: Type.Record(Type.String(), Type.String(), { description: 'The fallback model, keyed by provider id' }),
    quota: Type.Object({ usedToday: Type.Integer({ minimum: 0 }), dailyLimit: Type.Integer({ minimum: 0 }), remaining: Type.Integer({ minimum: 0 }) }),
  },
  { $id: 'AiStatus', description: 'The AI features available to the caller; never a key' },
);

export const AI_COMPONENTS: TSchema[] = [...Object.values(ARTIFACT_SCHEMAS), SuggestResult, GenerateResult, AiStatus];
