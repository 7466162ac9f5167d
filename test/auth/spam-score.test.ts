import { describe, expect, it } from 'vitest';
import { spamScore, statusForSpamScore, type SpamInput } from '../../src/features/auth/spam-score.js';

const created = '2030-01-01T00:00:00.000Z';
const later = new Date('2030-01-01T01:00:00.000Z');
const base: SpamInput = { email: 'ann@example.com', username: 'ann_smith', display_name: 'Ann Smith', bio: null, created_at: created };

describe('spamScore', () => {
  it('an ordinary account verified later scores 0 and becomes active', () => {
    expect(spamScore(base, later)).toBe(0);
    expect(statusForSpamScore(spamScore(base, later))).toBe('active');
  });

  it.each([
    ['a disposable e-mail domain', { email: 'ann@Mailinator.com' }, 3],
    // From the maintained list (disposable-email-domains), not from any list of a handful.
    ['a disposable domain of the maintained list', { email: 'ann@grr.la' }, 3],
    ['another one', { email: 'ann@mailnesia.com' }, 3],
    ['a subdomain of a disposable domain', { email: 'ann@inbox.mailinator.com' }, 3],
    ['a domain that merely ends like one', { email: 'ann@xmailnesia.com' }, 0],
    ['a domain that merely starts like one', { email: 'ann@mailnesia.com.example.org' }, 0],
    ['a link in the display name', { display_name: 'Ann www.shop.example' }, 2],
    ['a link in the bio', { bio: 'see https://x.example' }, 2],
    ['links in both name and bio', { display_name: 'http://a.example', bio: 'http://b.example' }, 4],
    ['a spam word', { bio: 'Best casino bonuses' }, 2],
    ['a digit-heavy username', { username: 'ann84921' }, 1],
    ['a mostly-digit username', { username: 'a12' }, 1],
  ])('%s adds its points', (_what, change, points) => {
    expect(spamScore({ ...base, ...change }, later)).toBe(points);
  });

  it('verifying within a minute of sign-up adds a point', () => {
    expect(spamScore(base, new Date(Date.parse(created) + 30_000))).toBe(1);
    expect(spamScore(base, new Date(Date.parse(created) + 61_000))).toBe(0);
  });

  it('a word that merely contains a spam word does not count', () => {
    expect(spamScore({ ...base, bio: 'Occasional reader' }, later)).toBe(0);
  });

  it('several signals together restrict the account; one alone does not', () => {
    expect(statusForSpamScore(spamScore({ ...base, email: 'x@yopmail.com' }, later))).toBe('active');
    expect(statusForSpamScore(spamScore({ ...base, email: 'x@yopmail.com', bio: 'https://promo.example' }, later))).toBe('restricted');
    expect(statusForSpamScore(spamScore({ ...base, bio: 'free money at https://x.example' }, later))).toBe('restricted');
  });
});
