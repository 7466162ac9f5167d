// Types straight from the generated schema (not api.ts): the unit tests type-check this file under
// Node's resolution too, where the client's bundler-style imports do not resolve.
import type { components } from '../../api/schema.js';

type Schemas = components['schemas'];

// The settings screen's own logic, without the DOM (unit-tested in test/web/account-logic.test.ts):
// which part a path names, what a tier, an archive or an OAuth return means in words, and the
// notification preferences as an events × channels matrix.

export const SETTINGS_PARTS = [
  { key: 'profile', label: 'Profile' },
  { key: 'account', label: 'E-mail and password' },
  { key: 'sessions', label: 'Sessions and sync tokens' },
  { key: 'networks', label: 'Linked networks' },
  { key: 'notifications', label: 'Notifications' },
  { key: 'billing', label: 'Billing' },
  { key: 'data', label: 'Your data' },
] as const;

export type SettingsPart = (typeof SETTINGS_PARTS)[number]['key'];

/** The part `/settings/<param>` names (`/settings` alone is the profile); null for anything else. */
export function settingsPart(param: string): SettingsPart | null {
  if (param === '') return 'profile';
  return SETTINGS_PARTS.find((p) => p.key === param)?.key ?? null;
}

type Tier = Schemas['CurrentUser']['customerStatus'];

/** The account's tier in words. */
export function tierText(tier: Tier): string {
  switch (tier) {
    case 'free':
      return 'Free';
    case 'subscriber':
      return 'Subscriber (granted by an administrator)';
    case 'subscriber:monthly':
      return 'Subscriber, paid monthly';
    case 'subscriber:annual':
      return 'Subscriber, paid yearly';
  }
}

/** A subscription's state at the provider in words (null without one). */
export function subscriptionText(billing: Schemas['Billing'], formatDate: (iso: string) => string): string | null {
  if (!billing.status) return null;
  const plan = billing.plan === 'annual' ? 'yearly' : billing.plan === 'monthly' ? 'monthly' : '';
  const end = billing.currentPeriodEnd ? formatDate(billing.currentPeriodEnd) : null;
  const state = { active: 'active', trialing: 'in its trial', past_due: 'past due: the last payment failed' }[billing.status] ?? billing.status.replace(/_/g, ' ');
  const tail = end ? (billing.cancelAtPeriodEnd ? ` It ends on ${end} and will not renew.` : ` The current period ends on ${end}.`) : '';
  return `Your ${plan ? `${plan} ` : ''}subscription is ${state}.${tail}`;
}

/** The latest data archive in words. */
export function archiveText(archive: Schemas['DataArchive'] | null, formatDate: (iso: string) => string): string {
  if (!archive) return 'You have not asked for an archive yet.';
  switch (archive.status) {
    case 'building':
      return `Your archive, asked for on ${formatDate(archive.createdAt)}, is being built. This page shows the download link when it is ready.`;
    case 'ready':
      return `Your archive is ready${archive.size === null ? '' : ` (${formatBytes(archive.size)})`}. You can download it until ${archive.expiresAt ? formatDate(archive.expiresAt) : 'it expires'}.`;
    case 'failed':
      return 'Building your last archive failed. Ask for a new one.';
    case 'expired':
      return 'Your last archive has expired (it can be downloaded for 24 hours). Ask for a new one.';
  }
}

export function formatBytes(n: number): string {
  if (n < 1024) return `${n} bytes`;
  if (n < 1024 * 1024) return `${(n / 1024).toFixed(1)} KB`;
  return `${(n / 1024 / 1024).toFixed(1)} MB`;
}

export const PROVIDERS = [
  { key: 'networkA', name: 'networkA (federated microblog)', needs: { param: 'instance', label: 'Your instance (host name)' } },
  { key: 'networkB', name: 'networkB (decentralized social network)', needs: { param: 'handle', label: 'Your handle' } },
  { key: 'networkC', name: 'networkC (professional network)', needs: null },
  { key: 'networkD', name: 'networkD (short posts)', needs: null },
  { key: 'codehost', name: 'codehost (code hosting)', needs: null },
] as const;

export type Provider = (typeof PROVIDERS)[number]['key'];

export const providerName = (key: string) => PROVIDERS.find((p) => p.key === key)?.name ?? key;

const OAUTH_ERRORS: Record<string, string> = {
  access_denied: 'The network was not connected: permission was not given on its page.',
  invalid_state: 'The network was not connected: the sign-in took too long or was started in another browser. Try again.',
  exchange_failed: 'The network was not connected: it did not confirm the sign-in. Try again later.',
  identity_in_use: 'That account of the network is already linked to another account here, so nothing changed.',
};

/** What the OAuth callback's return (`?oauth=linked` or `?oauth_error=<code>`) means; null when it says nothing. */
export function oauthOutcome(search: URLSearchParams): { ok: boolean; text: string } | null {
  const error = search.get('oauth_error');
  if (error) return { ok: false, text: OAUTH_ERRORS[error] ?? `The network was not connected (${error}).` };
  const result = search.get('oauth');
  if (result === 'linked') return { ok: true, text: 'The network is linked to your account.' };
  if (result === 'signed_in') return { ok: true, text: 'You are signed in with the network.' };
  return null;
}

export const CHANNELS = [
  { key: 'inApp', label: 'In the app' },
  { key: 'push', label: 'Push' },
  { key: 'email', label: 'E-mail' },
] as const;

export type Channel = (typeof CHANNELS)[number]['key'];

export interface MatrixCell {
  channel: Channel;
  /** false: the event is not delivered on this channel at all. */
  supported: boolean;
  on: boolean;
}

/** The preferences as rows (events) × columns (every channel), each cell saying if it is offered. */
export function preferenceMatrix(events: Schemas['NotificationPreferenceEvent'][]): { event: Schemas['NotificationPreferenceEvent']; cells: MatrixCell[] }[] {
  return events.map((event) => ({
    event,
    cells: CHANNELS.map(({ key }) => {
      const value = event.channels[key];
      return { channel: key, supported: value !== undefined, on: value === true };
    }),
  }));
}

/** A date and time as the reader's locale writes them. */
export const formatWhen = (iso: string) => new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/**
 * An uploaded file's address as this page loads it. The service hands out media addresses on
 * PUBLIC_URL; its own /api/media/ files are loaded from this origin's same path, so the page's CSP
 * (img-src 'self') holds however the client was reached (a loopback address, another host name).
 */
export function sameOriginMedia(url: string): string {
  try {
    const parsed = new URL(url);
    return parsed.pathname.startsWith('/api/media/') ? parsed.pathname : url;
  } catch {
    return url;
  }
}
