import { createHmac, randomBytes } from 'node:crypto';

// Standard Webhooks signing (https://www.standardwebhooks.com/): a secret is `whsec_` + base64 of
// 32 random bytes; a signature is `v1,` + base64 HMAC-SHA256 of `<id>.<timestamp>.<body>` keyed
// with the secret's bytes. Several signatures (a rotation) are space-separated in one header.

const PREFIX = 'whsec_';

export function newSecret(): string {
  return PREFIX + randomBytes(32).toString('base64');
}

function keyOf(secret: string): Buffer {
  return Buffer.from(secret.slice(PREFIX.length), 'base64');
}

/** The `webhook-signature` header value: one `v1,` signature per secret, in the order given. */
export function signatureHeader(secrets: readonly string[], id: string, timestampSeconds: number, body: string): string {
  const content = `${id}.${timestampSeconds}.${body}`;
  return secrets.map((secret) => `v1,${createHmac('sha256', keyOf(secret)).update(content).digest('base64')}`).join(' ');
}
