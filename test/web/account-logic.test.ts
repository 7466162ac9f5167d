import { describe, expect, it } from 'vitest';
import {
  archiveText,
  formatBytes,
  oauthOutcome,
  preferenceMatrix,
  sameOriginMedia,
  settingsPart,
  subscriptionText,
  tierText,
} from '../../web/src/screens/settings/logic.js';
import { adminTab, cellText, pageText, purgeCountsText, statusLabel, STATUSES, toggled } from '../../web/src/screens/admin/logic.js';

// The settings and administration screens' own logic (web/src/screens/settings/logic.ts,
// web/src/screens/admin/logic.ts), without a browser.

const day = (iso: string) => iso.slice(0, 10);

describe('settings parts', () => {
  it('/settings is the profile; each part by its key; anything else is no part', () => {
    expect(settingsPart('')).toBe('profile');
    expect(['profile', 'account', 'sessions', 'networks', 'notifications', 'billing', 'data'].map(settingsPart)).toEqual([
      'profile',
      'account',
      'sessions',
      'networks',
      'notifications',
      'billing',
      'data',
    ]);
    expect(settingsPart('Profile')).toBeNull();
    expect(settingsPart('admin')).toBeNull();
    expect(settingsPart('constructor')).toBeNull();
  });
});

describe('billing in words', () => {
  it('names every tier', () => {
    expect(tierText('free')).toBe('Free');
    expect(tierText('subscriber')).toBe('Subscriber (granted by an administrator)');
    expect(tierText('subscriber:monthly')).toBe('Subscriber, paid monthly');
    expect(tierText('subscriber:annual')).toBe('Subscriber, paid yearly');
  });

  it('says the subscription’s state, its period end, and whether it renews', () => {
    const base = { customerStatus: 'subscriber:annual' as const, configured: true, plan: 'annual' as const, cancelAtPeriodEnd: false };
    expect(subscriptionText({ ...base, status: null, currentPeriodEnd: null }, day)).toBeNull();
    expect(subscriptionText({ ...base, status: 'active', currentPeriodEnd: '2027-01-05T00:00:00.000Z' }, day)).toBe(
      'Your yearly subscription is active. The current period ends on 2027-01-05.',
    );
    expect(subscriptionText({ ...base, status: 'active', cancelAtPeriodEnd: true, currentPeriodEnd: '2027-01-05T00:00:00.000Z' }, day)).toBe(
      'Your yearly subscription is active. It ends on 2027-01-05 and will not renew.',
    );
    expect(subscriptionText({ ...base, plan: 'monthly', status: 'past_due', currentPeriodEnd: null }, day)).toBe(
      'Your monthly subscription is past due: the last payment failed.',
    );
    expect(subscriptionText({ ...base, plan: null, status: 'incomplete_expired', currentPeriodEnd: null }, day)).toBe('Your subscription is incomplete expired.');
  });
});

describe('the data archive in words', () => {
  const archive = { id: 'a1', createdAt: '2026-12-01T10:00:00.000Z', downloadUrl: null, expiresAt: null, finishedAt: null, size: null };
  it('says each state', () => {
    expect(archiveText(null, day)).toBe('You have not asked for an archive yet.');
    expect(archiveText({ ...archive, status: 'building' }, day)).toMatch(/^Your archive, asked for on 2026-12-01, is being built\./);
    expect(archiveText({ ...archive, status: 'ready', size: 2_500_000, expiresAt: '2026-12-02T10:00:00.000Z' }, day)).toBe(
      'Your archive is ready (2.4 MB). You can download it until 2026-12-02.',
    );
    expect(archiveText({ ...archive, status: 'failed' }, day)).toMatch(/failed/);
    expect(archiveText({ ...archive, status: 'expired' }, day)).toMatch(/expired/);
  });

  it('sizes in bytes, KB and MB', () => {
    expect([formatBytes(512), formatBytes(2048), formatBytes(3 * 1024 * 1024)]).toEqual(['512 bytes', '2.0 KB', '3.0 MB']);
  });
});

describe('the OAuth return in words', () => {
  it('linked, signed in, each error code, an unknown code, and nothing', () => {
    expect(oauthOutcome(new URLSearchParams('oauth=linked'))).toEqual({ ok: true, text: 'The network is linked to your account.' });
    expect(oauthOutcome(new URLSearchParams('oauth=signed_in'))?.ok).toBe(true);
    for (const code of ['access_denied', 'invalid_state', 'exchange_failed', 'identity_in_use']) {
      const outcome = oauthOutcome(new URLSearchParams(`oauth_error=${code}`))!;
      expect(outcome.ok).toBe(false);
      expect(outcome.text).not.toContain(code);
    }
    expect(oauthOutcome(new URLSearchParams('oauth_error=teapot'))).toEqual({ ok: false, text: 'The network was not connected (teapot).' });
    expect(oauthOutcome(new URLSearchParams('tab=1'))).toBeNull();
  });
});

describe('the preferences matrix', () => {
  it('has every channel for every event, offered only where the event uses it', () => {
    const rows = preferenceMatrix([
      { key: 'dig', label: 'Digs', description: '', channels: { push: false, inApp: true } },
      { key: 'mention', label: 'Mentions', description: '', channels: { email: true } },
    ]);
    expect(rows.map((r) => r.cells.map((c) => [c.channel, c.supported, c.on]))).toEqual([
      [
        ['inApp', true, true],
        ['push', true, false],
        ['email', false, false],
      ],
      [
        ['inApp', false, false],
        ['push', false, false],
        ['email', true, true],
      ],
    ]);
  });
});

describe('media addresses', () => {
  it('loads the service’s own media from this origin, anything else as given', () => {
    expect(sameOriginMedia('http://localhost:3000/api/media/abc.png')).toBe('/api/media/abc.png');
    expect(sameOriginMedia('https://cdn.example/me.png')).toBe('https://cdn.example/me.png');
    expect(sameOriginMedia('not a url')).toBe('not a url');
  });
});

describe('administration', () => {
  it('says what every account status does, in the lifecycle’s order', () => {
    expect(STATUSES.map((s) => s.value)).toEqual(['probation', 'active', 'restricted', 'suspended', 'banned']);
    for (const s of STATUSES) expect(s.meaning.length).toBeGreaterThan(20);
    expect(statusLabel('suspended')).toBe('Suspended');
  });

  it('picks the tab from ?tab=, the users by default', () => {
    expect(adminTab(new URLSearchParams(''))).toBe('users');
    expect(adminTab(new URLSearchParams('tab=email'))).toBe('email');
    expect(adminTab(new URLSearchParams('tab=aggregates'))).toBe('aggregates');
    expect(adminTab(new URLSearchParams('tab=reports'))).toBe('reports');
    expect(adminTab(new URLSearchParams('tab=nope'))).toBe('users');
  });

  it('adds to and takes from a selection without changing the old one', () => {
    const before = new Set(['a']);
    const after = toggled(before, 'b', true);
    expect([...after]).toEqual(['a', 'b']);
    expect([...toggled(after, 'a', false)]).toEqual(['b']);
    expect([...before]).toEqual(['a']);
  });

  it('numbers pages, at least one even when empty', () => {
    expect(pageText({ total: 0, limit: 25, offset: 0, hasMore: false })).toBe('Page 1 of 1 (0 in all)');
    expect(pageText({ total: 51, limit: 25, offset: 25, hasMore: true })).toBe('Page 2 of 3 (51 in all)');
  });

  it('says a purge’s counts in words, singular and plural, or nothing', () => {
    const zero = { messages: 0, directMessages: 0, documents: 0, folders: 0, lists: 0, listFolders: 0 };
    expect(purgeCountsText(zero)).toBe('nothing');
    expect(purgeCountsText({ ...zero, messages: 2, lists: 1, folders: 1 })).toBe('2 messages, 1 document folder, 1 list');
  });

  it('writes a table cell as text', () => {
    expect([cellText(null), cellText(undefined), cellText(3), cellText(true), cellText({ a: 1 })]).toEqual(['', '', '3', 'true', '{"a":1}']);
  });
});
