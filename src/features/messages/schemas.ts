import { Type, type Static, type TObject, type TProperties } from '@sinclair/typebox';
import { Paged, pageQuery, REPLY_PAGE } from '../../http/pagination.js';
import { DateTime, Id, Nullable, ref, StringEnum, UserSummary } from '../../http/schemas.js';
import { NETWORKS } from '../cross-posts/index.js';

// Request and response schemas of the messages family (spec, Messages).

/** Optional authentication: anonymous allowed; credentials personalise. */

export const REPORT_REASONS = ['spam', 'harassment', 'hate', 'violence', 'sexual', 'misinformation', 'illegal', 'other'] as const;
export const SCHEDULE_RANGES = ['today', 'week', 'month'] as const;
/** The content column's hard ceiling; the account's maxMessageLength (at most 10000) applies first. */
export const CONTENT_MAX = 10_000;
/** A description (alt text) of one image or video, as long as Mastodon allows. */
export const ALT_MAX = 1_500;

/** The organization a message was posted to (only its members may post to it). */
export const MessageOrg = Type.Object(
  { id: Type.String(), name: Type.String(), slug: Type.String() },
  { $id: 'MessageOrg', description: 'The organization a message was posted to' },
);

const MessageFields = {
  id: Type.String(),
  content: Type.String(),
  publiclyVisible: Type.Boolean(),
  tags: Type.Array(Type.String(), { description: 'Case-sensitive labels' }),
  digCount: Type.Integer({ minimum: 0 }),
  dugByMe: Type.Boolean({ description: 'The caller has dug this message (false when anonymous)' }),
  replyCount: Type.Integer({ minimum: 0 }),
  createdAt: DateTime(),
  updatedAt: DateTime(),
  user: ref(UserSummary, { description: 'The author' }),
  parentId: Nullable(Type.String({ description: 'The message this one replies to' })),
  imageUrls: Type.Array(Type.String()),
  videoUrls: Type.Array(Type.String()),
  scheduledAt: Nullable(DateTime({ description: 'When a scheduled message will be published; null once published' })),
  org: Nullable(ref(MessageOrg, { description: 'The organization it was posted to; null when none (or once that is deleted)' })),
  imageAlts: Type.Optional(
    Type.Array(Type.String(), {
      description: 'Descriptions (alt text) of the images, item i for imageUrls item i, as many as imageUrls; "" where none. Present only when at least one is given.',
    }),
  ),
  videoAlts: Type.Optional(
    Type.Array(Type.String(), {
      description: 'Descriptions of the videos, item i for videoUrls item i, as many as videoUrls; "" where none. Present only when at least one is given.',
    }),
  ),
};

export const PushedMessage = Type.Object(
  { ...MessageFields, pushedMessageId: Nullable(Type.String({ description: 'What this pushed message itself pushes, if anything' })) },
  { $id: 'PushedMessage', description: 'A message as shown inside a push of it' },
);

export const Message = Type.Object(
  { ...MessageFields, pushedMessage: Nullable(ref(PushedMessage, { description: 'The pushed (reposted) message; null when this is not a push or the pushed message is gone' })) },
  { $id: 'Message', description: 'A message. The author is under `user`.' },
);
export type MessageWire = Static<typeof Message>;

export const CrossPostEntry = Type.Object(
  {
    platform: StringEnum(NETWORKS),
    providerId: Type.Optional(Type.String()),
    status: StringEnum(['ok', 'failed', 'pending'] as const),
    externalUrl: Type.Optional(Type.String()),
    error: Type.Optional(Nullable(Type.String())),
  },
  { $id: 'CrossPostEntry', description: 'The outcome of cross-posting to one network' },
);

export const CrossPostResult = Type.Object(
  {
    providerId: Type.String(),
    instanceName: Type.String(),
    success: Type.Boolean(),
    url: Type.Optional(Type.String()),
    error: Type.Optional(Type.String()),
    errorCode: Type.Optional(Type.String()),
    statusCode: Type.Optional(Type.Integer()),
  },
  { $id: 'CrossPostResult', description: 'A networkA cross-post result (the platform is in crossPosts[].platform)' },
);

const crossPostFields = {
  networkAProviderIds: Type.Optional(Type.Array(Id, { maxItems: 20, description: 'Linked networkA identity ids (GET /api/user/identities); subscriber only' })),
  crossPostToNetworkB: Type.Optional(Type.Boolean({ description: 'Subscriber only' })),
  crossPostToNetworkC: Type.Optional(Type.Boolean({ description: 'Subscriber only' })),
  crossPostToNetworkD: Type.Optional(Type.Boolean({ description: 'Subscriber only' })),
  networkCTargets: Type.Optional(
    Type.Array(Id, { maxItems: 20, description: 'With crossPostToNetworkC: the targets to post as (GET /api/user/networkC/targets); default the person' }),
  ),
  networkCLinkAsFirstComment: Type.Optional(Type.Boolean({ description: 'With crossPostToNetworkC: the message’s link goes in a first comment instead of the post' })),
};

export const CreateMessageBody = Type.Object(
  {
    content: Type.Optional(Type.String({ maxLength: CONTENT_MAX, description: 'Required unless pushing; at most the account’s maxMessageLength characters' })),
    publiclyVisible: Type.Optional(Type.Boolean({ description: 'Defaults to the account’s defaultPubliclyVisible' })),
    parentId: Type.Optional(Id),
    pushedMessageId: Type.Optional(Id),
    tags: Type.Optional(Type.Array(Type.String({ minLength: 1, maxLength: 50 }), { maxItems: 20, description: 'Free-form, case-sensitive' })),
    imageUrls: Type.Optional(Type.Array(Type.String({ maxLength: 2048 }), { maxItems: 8, description: 'Up to 8 of your own uploads; subscriber only' })),
    videoUrls: Type.Optional(Type.Array(Type.String({ maxLength: 2048 }), { maxItems: 1, description: 'One of your own uploads; subscriber only' })),
    imageAlts: Type.Optional(
      Type.Array(Type.String({ maxLength: ALT_MAX }), {
        maxItems: 8,
        description: `Descriptions (alt text) of the images: item i describes imageUrls item i; at most as many items as imageUrls, each at most ${ALT_MAX} characters; "" for none`,
      }),
    ),
    videoAlts: Type.Optional(
      Type.Array(Type.String({ maxLength: ALT_MAX }), {
        maxItems: 1,
        description: `Descriptions of the videos: item i describes videoUrls item i; at most as many items as videoUrls, each at most ${ALT_MAX} characters; "" for none`,
      }),
    ),
    scheduledAt: Type.Optional(DateTime({ description: 'A future time, rounded up to the next 5-minute boundary; subscriber only' })),
    orgId: Type.Optional(Id),
    ...crossPostFields,
  },
  {
    additionalProperties: false,
    examples: [{ content: 'Hello, world #intro', tags: ['intro'] }, { pushedMessageId: '0190c7a2-5d1e-7c3a-9b2f-3e4d5c6b7a89' }],
  },
);
export type CreateMessageBody = Static<typeof CreateMessageBody>;

export const ScheduledCrossPostConfig = Type.Object(crossPostFields, { additionalProperties: false });

export const UpdateMessageBody = Type.Object(
  {
    scheduledAt: Type.Optional(DateTime({ description: 'A new future time, rounded up to the next 5-minute boundary' })),
    scheduledCrossPostConfig: Type.Optional(ScheduledCrossPostConfig),
  },
  { additionalProperties: false, minProperties: 1, examples: [{ scheduledAt: '2030-01-01T09:00:00.000Z' }] },
);
export type UpdateMessageBody = Static<typeof UpdateMessageBody>;

function envelope<T extends TProperties>(properties: T, description: string): TObject<T> {
  return Type.Object(properties, { description });
}

export const CreatedMessage = envelope(
  {
    message: Type.String({ description: '"Message created" or "Message scheduled"' }),
    data: ref(Message),
    scheduledAt: Type.Optional(DateTime({ description: 'The rounded publication time (scheduled posts only)' })),
    crossPostResults: Type.Optional(Type.Array(ref(CrossPostResult))),
    crossPosts: Type.Array(ref(CrossPostEntry)),
    org: Type.Optional(ref(MessageOrg, { description: 'Present when the post targets an organization' })),
  },
  'The created message',
);

export const UpdatedMessage = envelope(
  { message: Type.String(), data: ref(Message), scheduledAt: DateTime({ description: 'The rounded publication time' }) },
  'The rescheduled message',
);

export const MessagePage = Paged({ messages: Type.Array(ref(Message)) }, 'A page of messages, newest first');
export const MessageList = envelope({ messages: Type.Array(ref(Message)) }, 'Messages');

export const FeedQuery = pageQuery({
  onlyMine: Type.Optional(Type.Boolean({ description: 'Only the caller’s own messages (needs credentials)' })),
  tag: Type.Optional(Type.String({ minLength: 1, maxLength: 50, description: 'Only messages with this tag (case-sensitive)' })),
});
export type FeedQuery = Static<typeof FeedQuery>;

// Spec: limit default 20, max 100, above 100 is 400 (the house page size).
export const SearchQuery = pageQuery({
  q: Type.String({ minLength: 1, maxLength: 200, description: 'Case-insensitive substring of the content; 1 to 200 characters' }),
  onlyMine: Type.Optional(Type.Boolean({ default: false })),
});
export type SearchQuery = Static<typeof SearchQuery>;

export const RepliesQuery = pageQuery({}, REPLY_PAGE);

export const ScheduledQuery = Type.Object({ range: Type.Optional(StringEnum(SCHEDULE_RANGES, { default: 'month' })) });

export const DigState = envelope(
  { digCount: Type.Integer({ minimum: 0 }), dugByMe: Type.Boolean(), isNewDig: Type.Boolean({ description: 'False when the caller had already dug it' }) },
  'The dig state after digging',
);
export const UndigState = envelope({ digCount: Type.Integer({ minimum: 0 }), dugByMe: Type.Boolean() }, 'The dig state after undigging');

export const ReportBody = Type.Object(
  { reason: StringEnum(REPORT_REASONS), detail: Type.Optional(Type.String({ maxLength: 1000 })) },
  { additionalProperties: false, examples: [{ reason: 'spam', detail: 'Posts the same link every minute' }] },
);

export const ReportReceipt = envelope(
  { report: Type.Object({ id: Type.String(), reason: StringEnum(REPORT_REASONS), createdAt: DateTime() }) },
  'The report',
);

export const AdminReport = Type.Object(
  {
    id: Type.String(),
    reason: StringEnum(REPORT_REASONS),
    detail: Nullable(Type.String()),
    status: StringEnum(['open', 'resolved'] as const),
    note: Nullable(Type.String()),
    createdAt: DateTime(),
    updatedAt: DateTime(),
    resolvedAt: Nullable(DateTime()),
    reporter: ref(UserSummary),
    message: Type.Object({ id: Type.String(), content: Type.String(), publiclyVisible: Type.Boolean(), createdAt: DateTime(), user: ref(UserSummary) }),
  },
  { $id: 'MessageReport', description: 'A report of a message, as administrators see it' },
);

export const AdminReportQuery = pageQuery({ status: Type.Optional(StringEnum(['open', 'resolved'] as const)) });

export const AdminReportPage = Paged({ reports: Type.Array(ref(AdminReport)) }, 'A page of reports, newest first');
export const ResolveReportBody = Type.Object(
  { status: StringEnum(['resolved'] as const), note: Type.Optional(Type.String({ maxLength: 2000 })) },
  { additionalProperties: false, examples: [{ status: 'resolved', note: 'Removed the spam account' }] },
);
export const AdminReportEnvelope = envelope({ report: ref(AdminReport) }, 'The resolved report');

export const CronResult = envelope({ message: Type.String(), published: Type.Integer({ minimum: 0 }) }, 'How many messages were published');

export const MESSAGE_COMPONENTS = [MessageOrg, PushedMessage, Message, CrossPostEntry, CrossPostResult, AdminReport];

// ---- Tag discovery: trending tags and tag search ----

const TagLimit = Type.Optional(Type.Integer({ minimum: 1, maximum: 50, description: 'How many tags (1 to 50, default 10)' }));

export const TrendingQuery = Type.Object({ limit: TagLimit });

export const TrendingTags = Type.Object({
  tags: Type.Array(
    Type.Object({
      tag: Type.String({ description: 'As written (case-sensitive)' }),
      messages: Type.Integer({ minimum: 1, description: 'Public top-level messages of the last 24 hours with this tag' }),
      accounts: Type.Integer({ minimum: 1, description: 'Distinct authors of those messages' }),
    }),
  ),
});

export const TagSearchQuery = Type.Object(
  { q: Type.String({ minLength: 1, maxLength: 50, description: 'The start of the tag, any case (1 to 50 characters)' }), limit: TagLimit },
);

export const TagSearchResult = Type.Object({
  tags: Type.Array(Type.Object({ tag: Type.String({ description: 'As written' }), messages: Type.Integer({ minimum: 1, description: 'Public top-level messages with this tag' }) })),
});
