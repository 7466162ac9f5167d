import type { Kysely } from 'kysely';
import type { AppContext } from '../../runtime/context.js';
import type { Database } from '../../db/types.js';
import { badRequest } from '../../http/errors.js';
import { CHANNELS, EVENT_KEYS, EVENTS, isEventKey, type Channel, type ChannelSettings, type EventKey } from './events.js';
import { storedPreference, storedPreferences, upsertPreference } from './queries.js';

// Per-event channel preferences: one row per user and event holding only what the user changed
// (JSON text); every unset channel is on.

export interface PreferenceEvent {
  key: EventKey;
  label: string;
  description: string;
  channels: ChannelSettings;
}

function resolve(key: EventKey, stored: ChannelSettings | undefined): PreferenceEvent {
  const def = EVENTS[key];
  const channels: ChannelSettings = {};
  for (const c of def.channels) channels[c] = stored?.[c] ?? true;
  return { key, label: def.label, description: def.description, channels };
}

async function storedSettings(db: Kysely<Database>, userId: string): Promise<Map<string, ChannelSettings>> {
  const rows = await storedPreferences(db, userId);
  return new Map(rows.map((r) => [r.event_key, JSON.parse(r.channels) as ChannelSettings]));
}

/** Every event with its effective channels, in the spec's order. */
export async function listPreferences(ctx: AppContext, userId: string): Promise<PreferenceEvent[]> {
  const stored = await storedSettings(ctx.db.kysely, userId);
  return EVENT_KEYS.map((key) => resolve(key, stored.get(key)));
}

/** The effective channels of one event for one user. */
export async function channelsFor(db: Kysely<Database>, userId: string, key: EventKey): Promise<Record<Channel, boolean>> {
  const row = await storedPreference(db, userId, key);
  const stored = row ? (JSON.parse(row.channels) as ChannelSettings) : {};
  const out = { push: false, inApp: false, email: false };
  for (const c of EVENTS[key].channels) out[c] = stored[c] ?? true;
  return out;
}

/**
 * Validates the whole body before changing anything (a rejected PATCH changes nothing): a known
 * key, a channels object, only channels the event supports, boolean values, at least one channel.
 */
export function validatePatch(body: { key?: unknown; channels?: unknown }): { key: EventKey; channels: ChannelSettings } {
  const { key, channels } = body;
  if (typeof key !== 'string' || !isEventKey(key)) throw badRequest(`Unknown notification event key; expected one of ${EVENT_KEYS.join(', ')}`, 'invalid_preference');
  if (channels === undefined || channels === null) throw badRequest('channels is required', 'invalid_preference');
  if (typeof channels !== 'object' || Array.isArray(channels)) throw badRequest('channels must be an object of channel names to booleans', 'invalid_preference');
  const entries = Object.entries(channels as Record<string, unknown>);
  if (entries.length === 0) throw badRequest('channels must name at least one channel', 'invalid_preference');
  const supported = EVENTS[key].channels;
  const out: ChannelSettings = {};
  for (const [name, value] of entries) {
    if (!(CHANNELS as readonly string[]).includes(name) || !supported.includes(name as Channel)) {
      throw badRequest(`The ${key} event does not support the channel "${name.slice(0, 40)}"; supported: ${supported.join(', ')}`, 'invalid_preference');
    }
    if (typeof value !== 'boolean') throw badRequest(`The value of channel ${name} must be a boolean`, 'invalid_preference');
    out[name as Channel] = value;
  }
  return { key, channels: out };
}

/** Applies a validated change and answers the updated event. */
export async function updatePreference(ctx: AppContext, userId: string, key: EventKey, channels: ChannelSettings): Promise<PreferenceEvent> {
  const now = ctx.clock.now().toISOString();
  const merged = await ctx.db.kysely.transaction().execute(async (trx) => {
    const row = await storedPreference(trx, userId, key);
    const next = { ...(row ? (JSON.parse(row.channels) as ChannelSettings) : {}), ...channels };
    await upsertPreference(trx, userId, key, JSON.stringify(next), now);
    return next;
  });
  return resolve(key, merged);
}
