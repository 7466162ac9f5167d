// Whose webhook it is: a user's (under /api/webhooks) or an organization's (under
// /api/orgs/{slug}/webhooks), and the event stream of that owner that its webhooks read.

export type WebhookOwner = { kind: 'user'; id: string } | { kind: 'org'; id: string };

/** The owner's stream in the event log (`user:<id>`, `org:<id>`). */
export function streamOf(owner: WebhookOwner): string {
  return `${owner.kind}:${owner.id}`;
}

/** The owner a stream name belongs to; null for a stream no webhook can have. */
export function ownerOfStream(stream: string): WebhookOwner | null {
  const match = /^(user|org):(.+)$/.exec(stream);
  return match ? { kind: match[1] as 'user' | 'org', id: match[2] } : null;
}
