// The one e-mail address check of the service: account addresses (the request schemas' `email`
// format, registered in http/validation.ts) and list cells of type `email` both use it, so an
// address one accepts the other never refuses.

/** The longest address SMTP can carry (RFC 5321: a 256-octet path minus its angle brackets). */
export const EMAIL_MAX = 254;

// A dot-atom local part of printable ASCII and a domain of at least two letter-digit-hyphen
// labels (RFC 5322 without quoted strings or address literals, which nobody types): the rule
// ajv-formats applies, so a client validating the service's own schemas agrees with it.
const EMAIL_RE =
  /^[a-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[a-z0-9!#$%&'*+/=?^_`{|}~-]+)*@(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?\.)+[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$/i;

/** Whether `value` is an e-mail address the service accepts. */
export function isEmailAddress(value: string): boolean {
  return value.length <= EMAIL_MAX && EMAIL_RE.test(value);
}
