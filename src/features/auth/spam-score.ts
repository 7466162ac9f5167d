import { disposableEmailBlocklistSet } from 'disposable-email-domains-js';
import type { UserRow } from '../../db/types.js';

// A small heuristic that decides where a probation account goes once its e-mail is verified:
// `active`, or `restricted` (read-only, can appeal) when it looks like a spam sign-up. Each signal
// adds points; the sum is stored in users.spam_score. The threshold stays in this module and is
// never part of any response.
//
// Signals and points:
//   +3  the e-mail domain is a known disposable-mail service (or a subdomain of one)
//   +2  a link (http://, https://, www.) in the display name or bio, each field counted once
//   +2  a spam word (casino, viagra, crypto offers...) in the display name or bio
//   +1  a digit-heavy username (four or more digits, or mostly digits)
//   +1  the address was verified within a minute of sign-up (scripted sign-ups are instant)

const RESTRICT_AT = 4;
const INSTANT_VERIFICATION_MS = 60_000;

// The community-kept list (github.com/disposable-email-domains, about 9,000 domains, updated with
// each release of the package). A subdomain of a listed domain counts as listed.
const DISPOSABLE_DOMAINS: ReadonlySet<string> = disposableEmailBlocklistSet();

function isDisposableDomain(domain: string): boolean {
  const labels = domain.toLowerCase().split('.');
  for (let i = 0; i < labels.length - 1; i++) if (DISPOSABLE_DOMAINS.has(labels.slice(i).join('.'))) return true;
  return false;
}

const LINK = /https?:\/\/|www\./i;
const SPAM_WORDS = /\b(viagra|cialis|casino|betting|forex|crypto ?(?:profit|signals?|giveaway)|bitcoin doubler|payday loans?|free money|escort|seo services|buy followers)\b/i;

export type SpamInput = Pick<UserRow, 'email' | 'username' | 'display_name' | 'bio' | 'created_at'>;

export function spamScore(user: SpamInput, verifiedAt: Date): number {
  let score = 0;
  const domain = user.email.slice(user.email.lastIndexOf('@') + 1).toLowerCase();
  if (isDisposableDomain(domain)) score += 3;

  const texts = [user.display_name, user.bio ?? ''];
  score += texts.filter((t) => LINK.test(t)).length * 2;
  if (texts.some((t) => SPAM_WORDS.test(t))) score += 2;

  const digits = user.username.replace(/\D/g, '').length;
  if (digits >= 4 || digits * 2 > user.username.length) score += 1;

  if (verifiedAt.getTime() - Date.parse(user.created_at) < INSTANT_VERIFICATION_MS) score += 1;
  return score;
}

/** Where a probation account goes on verification. */
export function statusForSpamScore(score: number): 'active' | 'restricted' {
  return score >= RESTRICT_AT ? 'restricted' : 'active';
}
