import type { ColumnType, Insertable, Selectable, SqlBool, Updateable } from 'kysely';

// Table types. Timestamps are ISO 8601 UTC text on both engines; booleans are written as
// JS booleans (the SQLite driver wrapper binds them as 0/1) and read through `toBool`.

export interface UsersTable {
  id: string;
  email: string; // stored lower-cased
  username: string;
  username_key: string; // lower-cased username, unique
  display_name: string;
  avatar: string | null;
  bio: string | null;
  theme: string | null;
  password_hash: string | null;
  email_verified: SqlBool;
  account_status: string;
  customer_status: string;
  cleared: SqlBool;
  is_private: SqlBool;
  default_publicly_visible: SqlBool;
  max_message_length: number;
  viewing_preference: string;
  spam_score: number | null;
  created_at: string;
  updated_at: string;
}

export interface SessionsTable {
  id: string;
  user_id: string;
  token_hash: string;
  created_at: string;
  expires_at: string;
  last_used_at: string;
  user_agent: string | null;
}

export interface SyncTokensTable {
  id: string;
  user_id: string;
  token_hash: string;
  created_at: string;
  last_used_at: string | null;
}

export interface EmailTokensTable {
  id: string;
  user_id: string;
  purpose: string; // verify_email | reset_password | email_change
  token_hash: string;
  new_email: string | null;
  expires_at: string;
  used_at: string | null;
  created_at: string;
}

export interface EmailLogsTable {
  id: string;
  user_id: string | null;
  recipient: string;
  email_type: string;
  subject: string;
  status: string; // sent | failed | logged
  error: string | null;
  created_at: string;
}

export interface AdministratorsTable {
  user_id: string;
  created_at: string;
}

export interface OrganizationsTable {
  id: string;
  name: string;
  slug: string;
  is_system: SqlBool;
  created_at: string;
  /** Migration 020. */
  description: ColumnType<string | null, string | null | undefined, string | null>;
  avatar: ColumnType<string | null, string | null | undefined, string | null>;
}

/** A pending organization invite (migration 020): by e-mail or by username; deleted once used. */
export interface OrgInvitesTable {
  id: string;
  organization_id: string;
  email: string | null;
  email_key: string | null;
  user_id: string | null;
  role: string; // admin | member
  token_hash: string;
  expires_at: string;
  invited_by: string;
  created_at: string;
}

/** A grant on a list or a document (migration 021): to a user, an organization, or an e-mail invite. */
export interface CollaboratorsTable {
  id: string;
  list_id: string | null;
  document_id: string | null;
  user_id: string | null;
  org_id: string | null;
  email: string | null;
  email_key: string | null;
  role: string; // viewer | editor
  token_hash: string | null;
  expires_at: string | null;
  invited_by: string;
  created_at: string;
}

export interface ShareLinksTable {
  id: string;
  /** The owner of the item, who made the link. */
  user_id: string;
  /** The item: exactly one of list_id and document_id is set. */
  list_id: string | null;
  document_id: string | null;
  access: 'view' | 'edit';
  /** sha256 of the token (lib/crypto.ts hashToken); the token itself is never stored. */
  token_hash: string;
  expires_at: string | null;
  created_at: string;
  last_used_at: string | null;
}

export interface OrganizationMembersTable {
  organization_id: string;
  user_id: string;
  role: string; // owner | admin | member
  created_at: string;
}

export interface IdentitiesTable {
  id: string;
  user_id: string;
  provider: string;
  provider_user_id: string;
  handle: string;
  instance_name: string; // '' when the provider has no instances
  created_at: string;
  /** Sealed (lib/sealing.ts); never returned or logged. Migration 016. */
  access_token_sealed: string | null;
  refresh_token_sealed: string | null;
  /** ISO time the access token ends; null: unknown or never. */
  token_expires_at: string | null;
  scopes: string | null;
  /** active | reauth_required */
  status: ColumnType<string, string | undefined, string>;
  /** Bumped by every refresh (compare-and-swap). */
  token_version: ColumnType<number, number | undefined, number>;
  /** networkA: the instance origin; networkB: the PDS URL. */
  instance_url: string | null;
  /** The provider's session blob (atproto's OAuth session), sealed. */
  session_sealed: string | null;
  updated_at: string | null;
}

export interface OAuthStatesTable {
  state_hash: string; // sha256 of the state
  provider: string;
  flow: string; // signin | org
  browser_hash: string; // sha256 of the browser-binding cookie value
  user_id: string | null; // the session's user at authorize time (linking)
  code_verifier_sealed: string | null;
  return_to: string | null;
  instance: string | null;
  data_sealed: string | null; // provider-specific JSON, sealed
  created_at: string;
  expires_at: string;
  used_at: string | null;
}

export interface NetworkAAppsTable {
  instance: string; // origin
  client_id: string;
  client_secret_sealed: string;
  redirect_uri: string;
  created_at: string;
}

export interface NetworkCTargetsTable {
  id: string;
  user_id: string;
  identity_id: string;
  kind: string; // person | organization
  external_id: string; // author URN
  name: string;
  created_at: string;
}

export interface CrossPostDeliveriesTable {
  id: string;
  message_id: string; // no foreign key: the row outlives the message (remote deletion)
  user_id: string;
  platform: string;
  identity_id: string | null;
  provider_id: string | null;
  target: string | null;
  status: string; // pending | ok | failed | deleting | deleted
  external_id: string | null;
  external_url: string | null;
  error: string | null;
  error_code: string | null;
  status_code: number | null;
  attempts: ColumnType<number, number | undefined, number>;
  next_attempt_at: string | null;
  delivery_key: string;
  created_at: string;
  updated_at: string;
}

export interface IdempotencyKeysTable {
  id: string;
  caller: string;
  idem_key: string;
  method: string;
  path: string;
  request_hash: string;
  state: string; // running | done
  response_status: number | null;
  response_body: string | null;
  response_content_type: string | null;
  created_at: string;
  expires_at: string;
}

export interface RateLimitEventsTable {
  id: string;
  bucket: string;
  created_at: string;
}

/** One AI suggest or generate attempt (migration 014): the quota's ledger. */
export interface AiUsageTable {
  id: string;
  user_id: string;
  feature: string;
  /** `suggest` or `generate`. */
  operation: string;
  provider: string;
  model: string;
  input_tokens: number;
  output_tokens: number;
  /** `pending` while the attempt runs; then `ok`, `invalid_ai_output`, `refused`, `provider_error` or `error`. */
  outcome: string;
  created_at: string;
}

export interface AnalyticsEventsTable {
  id: string;
  type: string;
  path: string | null;
  referrer: string | null;
  user_id: string | null;
  metadata: string | null; // JSON text
  created_at: string;
}

// Documents (migration 003). change_ms: the per-user sync stamp (bigint on PostgreSQL, read as
// a string there: convert with Number()).
/** What a user's sync clients were given of another user's document (migration 024). */
export interface DocumentShareSyncsTable {
  user_id: string;
  document_id: string;
  role: string;
  changed_ms: number | string;
  ended_ms: number | string | null;
}

export interface DocumentSyncStateTable {
  user_id: string;
  last_change_ms: number | string;
}

export interface DocumentFoldersTable {
  id: string;
  user_id: string;
  parent_id: string | null;
  name: string;
  created_at: string;
  updated_at: string;
  deleted_at: string | null;
  delete_batch: string | null;
  change_ms: number | string;
}

export interface DocumentsTable {
  id: string;
  user_id: string;
  folder_id: string | null;
  title: string;
  content: string;
  relative_path: string;
  is_public: SqlBool;
  revision: number;
  created_at: string;
  updated_at: string;
  deleted_at: string | null;
  delete_batch: string | null;
  change_ms: number | string;
}

export interface DocumentRevisionsTable {
  id: string;
  document_id: string;
  revision: number;
  title: string;
  content: string;
  editor_id: string | null;
  created_at: string;
  updated_at: string;
}

export interface FollowsTable {
  follower_id: string;
  followee_id: string;
  created_at: string;
}

export interface FollowRequestsTable {
  id: string;
  requester_id: string;
  target_id: string;
  created_at: string;
}

export interface MessagesTable {
  id: string;
  user_id: string;
  content: string;
  publicly_visible: SqlBool;
  tags: string; // JSON text: string[]
  parent_id: string | null;
  pushed_message_id: string | null;
  image_urls: string; // JSON text: string[]
  video_urls: string; // JSON text: string[]
  scheduled_at: string | null; // set while scheduled; null once published
  published_at: string | null; // null while scheduled
  cross_post_config: string | null; // JSON text
  created_at: string;
  updated_at: string;
  /** A reply whose parent was removed with its author: the parent's id (parent_id is then null). */
  orphaned_parent_id: ColumnType<string | null, string | null | undefined, string | null>;
  /** The organization it was posted to (migration 020); null once that is deleted. */
  org_id: ColumnType<string | null, string | null | undefined, string | null>;
  /** Descriptions of the images and videos, item i for URL i (migration 036); null when none was given. */
  image_alts: ColumnType<string | null, string | null | undefined, string | null>; // JSON text: string[]
  video_alts: ColumnType<string | null, string | null | undefined, string | null>; // JSON text: string[]
}

/**
 * One word of a searchable (published, top-level) message, with what the search's visibility and
 * order need beside it (migration 032; kept by triggers on messages, never written by the app).
 */
export interface MessageWordsTable {
  word: string;
  publicly_visible: SqlBool;
  updated_at: string;
  message_id: string;
  user_id: string;
}

export interface MessageTagsTable {
  message_id: string;
  tag: string; // case-sensitive
}

/**
 * A tag of a published, public, top-level message (kept by triggers, migration 018), and how far
 * the fold has counted it (migration 026): 0 not yet, 1 counted and in the trending window, 2
 * counted and out of it.
 */
export interface PublicTagUsesTable {
  message_id: string;
  tag: string;
  author_id: string;
  published_at: string;
  stage: ColumnType<number, number | undefined, number>;
}

/** How many published, public, top-level messages carry each tag (kept by the fold, migration 026). */
export interface PublicTagCountsTable {
  tag: string;
  /** lower(tag): prefix search. */
  tag_key: string;
  messages: ColumnType<number | string, number, number>;
}

/** A counted tag use that was deleted, for the fold to take off the counters (migration 026). */
export interface TagUseRemovalsTable {
  id: ColumnType<number | string, never, never>;
  tag: string;
  author_id: string;
  /** The use's stage when it was deleted: 1 if it was counted in the trending window. */
  stage: number;
}

/** Messages of each author with each tag in the trending window (kept by the fold, migration 026). */
export interface TagTrendAuthorsTable {
  tag: string;
  author_id: string;
  messages: ColumnType<number | string, number, number>;
}

/** Messages and distinct authors of each tag in the trending window (kept by the fold, migration 026). */
export interface TagTrendsTable {
  tag: string;
  messages: ColumnType<number | string, number, number>;
  accounts: ColumnType<number | string, number, number>;
}

export interface DigsTable {
  message_id: string;
  user_id: string;
  created_at: string;
}

export interface MessageReportsTable {
  id: string;
  message_id: string;
  reporter_id: string;
  reason: string;
  detail: string | null;
  status: string; // open | resolved
  note: string | null;
  resolved_by: string | null;
  resolved_at: string | null;
  created_at: string;
  updated_at: string;
}

export interface ListFoldersTable {
  id: string;
  user_id: string;
  name: string;
  parent_id: string | null;
  created_at: string;
  updated_at: string;
  deleted_at: string | null;
}

export interface ListsTable {
  id: string;
  user_id: string;
  title: string;
  description: string | null;
  is_public: SqlBool;
  folder_id: string | null;
  schema_name: string;
  schema_description: string | null;
  created_at: string;
  updated_at: string;
  /** Bumped by every write of the list's rows, in the same transaction (migration 009). */
  rows_version: ColumnType<number, number | undefined, number>;
  /** Bumped by every change of the list's columns. */
  schema_version: ColumnType<number, number | undefined, number>;
  /** A codehost-backed list's source (JSON), its identity, ETag and last sync (migration 016). */
  source: ColumnType<string | null, string | null | undefined, string | null>;
  source_identity_id: ColumnType<string | null, string | null | undefined, string | null>;
  source_etag: ColumnType<string | null, string | null | undefined, string | null>;
  last_synced_at: ColumnType<string | null, string | null | undefined, string | null>;
  /** The last good sync stopped at the listing's page bound (migration 024). */
  sync_truncated: ColumnType<SqlBool, SqlBool | undefined, SqlBool>;
  /** Until when a sync holds its claim on the list (migration 024); null: none. */
  sync_claimed_until: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface ListPropertiesTable {
  id: string;
  list_id: string;
  property_key: string;
  property_name: string;
  property_type: string;
  definition: string; // JSON text: the normalised column definition
  position: number;
  created_at: string;
}

export interface ListRowsTable {
  id: string;
  list_id: string;
  // JSON keyed by property id: text on SQLite, jsonb on PostgreSQL (read back as an object there).
  data: ColumnType<string | Record<string, unknown>, string, string>;
  created_at: string;
  updated_at: string;
  deleted_at: string | null;
  /** Who last added or edited the row (migration 023); null before, for a codehost sync, or once that account is gone. */
  updated_by: ColumnType<string | null, string | null | undefined, string | null>;
  /**
   * Of the row's last write: SQLite, the list's rows_version it committed as, null until its
   * transaction bumps the list (migration 035); PostgreSQL, the writing transaction's id (038).
   */
  stamp: ColumnType<number | null, number | null | undefined, number | null>;
}

/** One non-empty cell of a unique column of a live row: the uniqueness constraint. */
/** Shards of the message-read version (migration 010): the version is their sum. */
export interface MessageVersionsTable {
  shard: number;
  n: number | string;
}

/** Named counts kept by triggers, each the sum of its shard rows (migration 013). */
export interface MessageCountShardsTable {
  name: string;
  shard: number;
  n: number | string;
}

export interface ListUniqueValuesTable {
  property_id: string;
  value: string;
  row_id: string;
}

export interface ListViewsTable {
  id: string;
  list_id: string;
  name: string;
  sort: string | null;
  filter: string | null; // JSON text: conditions
  hidden_columns: string; // JSON text: column keys
  created_at: string;
  updated_at: string;
}

export interface ListImportsTable {
  id: string;
  list_id: string;
  user_id: string;
  status: string; // queued | running | done | failed
  options: string; // JSON text
  content: string | null; // the uploaded CSV, dropped when the job ends
  dry_run: SqlBool;
  total: number;
  processed: number;
  inserted: number;
  updated: number;
  skipped: number;
  errors: string; // JSON text: [{ line, messages }]
  created_at: string;
  updated_at: string;
}

/**
 * An unfinished import's input: the uploaded CSV (migration 011). An import whose writes began
 * before migration 033 holds the rows of its plan here instead.
 */
export interface ListImportDataTable {
  import_id: string;
  content: string;
}

/** The plan of an unfinished import's writes, once checked (migration 033; import-plan.ts). */
export interface ListImportPlansTable {
  import_id: string;
  plan: string; // JSON text: KeptPlan
}

// Notifications, push devices, blocks, mutes, user reports, direct messages (migration 006).
export interface NotificationsTable {
  id: string;
  user_id: string;
  actor_id: string | null;
  type: string | null;
  title: string;
  body: string;
  action_url: string | null;
  route_path: string | null;
  metadata: string; // JSON text
  target_message_id: string | null;
  target_list_id: string | null;
  target_org_id: string | null;
  created_at: string;
  read_at: string | null;
}

export interface NotificationPreferencesTable {
  user_id: string;
  event_key: string;
  channels: string; // JSON text: { channel: boolean }
  updated_at: string;
}

export interface NotificationBurstsTable {
  user_id: string;
  channel: string;
  burst_key: string;
  window_until: string;
  folded: number;
  last_notification_id: string | null;
}

export interface PushDevicesTable {
  id: string;
  user_id: string;
  token: string;
  platform: string; // ios | android
  environment: string; // sandbox | production
  created_at: string;
  updated_at: string;
}

export interface BlocksTable {
  blocker_id: string;
  blocked_id: string;
  created_at: string;
}

export interface MutesTable {
  muter_id: string;
  muted_id: string;
  created_at: string;
}

export interface UserReportsTable {
  id: string;
  reporter_id: string;
  reported_id: string;
  reason: string;
  detail: string | null;
  status: string;
  created_at: string;
}

export interface DirectMessagesTable {
  id: string;
  sender_id: string;
  recipient_id: string;
  content: string;
  image_urls: string; // JSON text: string[]
  created_at: string;
  read_at: string | null;
}

export interface AppSecretsTable {
  name: string;
  value: string;
}

export interface UploadsTable {
  id: string;
  owner_id: string;
  kind: string; // image | video
  blob_key: string;
  ext: string;
  content_type: string;
  size: number;
  width: number | null;
  height: number | null;
  attached_to: string | null; // `<kind>:<id>` of what claimed it; null until attached
  created_at: string;
}

// Background jobs (migration 008, src/features/jobs/).
export interface JobsTable {
  id: string;
  kind: string;
  payload: string; // JSON text
  status: string; // queued | running | done | failed
  run_at: string;
  attempts: number;
  max_attempts: number;
  locked_until: string | null;
  last_error: string | null;
  created_at: string;
  updated_at: string;
}

/** One content purge or account deletion: its audit record and its job's progress (migration 014). */
export interface UserRemovalsTable {
  id: string;
  kind: string; // purge | delete
  user_id: string;
  admin_id: string | null;
  categories: string; // JSON text
  reason: string | null;
  counts: string; // JSON text: removed so far
  status: string; // running | done
  created_at: string;
  finished_at: string | null;
}

/** An e-mail or username of a deleted account, held until the cooling-off period ends. */
export interface NameHoldsTable {
  key_hash: string;
  until: string;
}

/** A data archive of a user's account (migration 014). */
export interface UserArchivesTable {
  id: string;
  user_id: string;
  status: string; // building | ready | failed
  blob_key: string | null;
  size: number | string | null;
  error: string | null;
  created_at: string;
  finished_at: string | null;
}

/** A user's provider customer and its subscription as last read from the provider (migration 016). */
export interface BillingCustomersTable {
  user_id: string;
  provider_customer_id: string;
  subscription_id: string | null;
  plan: string | null; // monthly | annual
  status: string | null; // the provider's subscription status
  current_period_end: string | null;
  cancel_at_period_end: SqlBool;
  created_at: string;
  updated_at: string;
}

/** A provider webhook event already applied (migration 016). */
export interface BillingEventsTable {
  id: string;
  type: string;
  received_at: string;
}

/** The counter of one event stream (migration 028, features/events). */
export interface EventStreamsTable {
  stream: string;
  head_seq: number | string;
  purged_seq: ColumnType<number | string, number | undefined, number>;
  user_id: string | null;
}

/** One event of a stream: the envelope's fields, `data` as JSON (migration 028). */
export interface EventsTable {
  stream: string;
  seq: number | string;
  id: string;
  type: string;
  actor_id: string | null;
  data: string;
  created_at: string;
}

export interface Database {
  uploads: UploadsTable;
  users: UsersTable;
  sessions: SessionsTable;
  sync_tokens: SyncTokensTable;
  email_tokens: EmailTokensTable;
  email_logs: EmailLogsTable;
  administrators: AdministratorsTable;
  organizations: OrganizationsTable;
  organization_members: OrganizationMembersTable;
  org_invites: OrgInvitesTable;
  collaborators: CollaboratorsTable;
  share_links: ShareLinksTable;
  identities: IdentitiesTable;
  oauth_states: OAuthStatesTable;
  network_a_apps: NetworkAAppsTable;
  network_c_targets: NetworkCTargetsTable;
  cross_post_deliveries: CrossPostDeliveriesTable;
  idempotency_keys: IdempotencyKeysTable;
  rate_limit_events: RateLimitEventsTable;
  ai_usage: AiUsageTable;
  analytics_events: AnalyticsEventsTable;
  follows: FollowsTable;
  follow_requests: FollowRequestsTable;
  messages: MessagesTable;
  message_words: MessageWordsTable;
  message_tags: MessageTagsTable;
  digs: DigsTable;
  message_reports: MessageReportsTable;
  document_sync_state: DocumentSyncStateTable;
  event_streams: EventStreamsTable;
  events: EventsTable;
  document_share_syncs: DocumentShareSyncsTable;
  document_folders: DocumentFoldersTable;
  documents: DocumentsTable;
  document_revisions: DocumentRevisionsTable;
  list_folders: ListFoldersTable;
  lists: ListsTable;
  list_properties: ListPropertiesTable;
  list_rows: ListRowsTable;
  list_unique_values: ListUniqueValuesTable;
  list_views: ListViewsTable;
  list_imports: ListImportsTable;
  list_import_data: ListImportDataTable;
  list_import_plans: ListImportPlansTable;
  notifications: NotificationsTable;
  notification_preferences: NotificationPreferencesTable;
  notification_bursts: NotificationBurstsTable;
  push_devices: PushDevicesTable;
  blocks: BlocksTable;
  mutes: MutesTable;
  user_reports: UserReportsTable;
  direct_messages: DirectMessagesTable;
  app_secrets: AppSecretsTable;
  jobs: JobsTable;
  message_versions: MessageVersionsTable;
  message_count_shards: MessageCountShardsTable;
  user_removals: UserRemovalsTable;
  name_holds: NameHoldsTable;
  user_archives: UserArchivesTable;
  billing_customers: BillingCustomersTable;
  billing_events: BillingEventsTable;
  public_tag_uses: PublicTagUsesTable;
  public_tag_counts: PublicTagCountsTable;
  tag_use_removals: TagUseRemovalsTable;
  tag_trend_authors: TagTrendAuthorsTable;
  tag_trends: TagTrendsTable;
  blog_subscriptions: BlogSubscriptionsTable;
  blog_post_windows: BlogPostWindowsTable;
  blog_pending_posts: BlogPendingPostsTable;
  document_presence: DocumentPresenceTable;
  list_watchers: ListWatchersTable;
  webhooks: WebhooksTable;
  webhook_deliveries: WebhookDeliveriesTable;
  webhook_attempts: WebhookAttemptsTable;
}

/** A user's or an organization's webhook (migration 029): exactly one of user_id and org_id is set. */
export interface WebhooksTable {
  id: string;
  user_id: string | null;
  org_id: string | null;
  url: string;
  events: string; // JSON text: the subscribed types and prefixes
  description: string | null;
  /** The signing secret, sealed (lib/sealing.ts). */
  secret: string;
  /** The secret before the last rotation, sealed; it signs beside the new one until previous_secret_until. */
  previous_secret: string | null;
  previous_secret_until: string | null;
  enabled: SqlBool;
  disabled_reason: string | null; // gone | failing | null
  failing_since: string | null;
  consecutive_failures: number;
  /** How far the webhook has read its owner's event stream (its head when the webhook was made). */
  cursor_seq: number | string;
  /** The lease of the job sending this webhook's deliveries. */
  pump_until: string | null;
  created_at: string;
  updated_at: string;
}

/** One event sent (or to be sent) to one webhook (migration 029). */
export interface WebhookDeliveriesTable {
  id: string;
  webhook_id: string;
  event_id: string;
  type: string;
  /** The exact body sent, every attempt. */
  body: string;
  status: string; // pending | retrying | succeeded | failed
  attempts: number;
  last_status_code: number | null;
  last_error: string | null;
  next_attempt_at: string | null;
  redelivery: SqlBool;
  /** The event id for a delivery made from the log; null for a test delivery or a redelivery. */
  dedupe_key: string | null;
  created_at: string;
  updated_at: string;
}

/** One HTTP attempt of a webhook delivery (migration 029). */
export interface WebhookAttemptsTable {
  id: string;
  delivery_id: string;
  attempted_at: string;
  status_code: number | null;
  duration_ms: number;
  error: string | null;
  /** The first 4 KiB of the answer. */
  response_body: string | null;
}

/** A user seen on a document (migration 023): the last heartbeat, rewritten by each one. */
export interface DocumentPresenceTable {
  document_id: string;
  user_id: string;
  editing: SqlBool;
  last_seen_at: string;
}

/** A user told of changes to a list's rows (migration 023). */
export interface ListWatchersTable {
  list_id: string;
  user_id: string;
  created_at: string;
}

export interface BlogSubscriptionsTable {
  id: string;
  author_id: string;
  email: string;
  email_key: string;
  status: 'pending' | 'confirmed';
  /** sha256 of the confirmation token while pending; null once confirmed. */
  token_hash: string | null;
  token_expires_at: string | null;
  created_at: string;
  confirmed_at: string | null;
}

export interface BlogPostWindowsTable {
  author_id: string;
  window_until: string;
}

export interface BlogPendingPostsTable {
  author_id: string;
  document_id: string;
  created_at: string;
}

export type UserRow = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;
export type EmailLogRow = Selectable<EmailLogsTable>;
export type MessageRow = Selectable<MessagesTable>;
export type JobRow = Selectable<JobsTable>;
