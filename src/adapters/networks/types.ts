// The one interface every outside network's publishing adapter implements (network-a.ts ..
// network-d.ts), so that the delivery ledger knows no network by name. Each adapter is a factory
// taking its base URL or configuration and the guarded fetcher by injection, so a loopback
// stand-in replaces the network in a test.

export type NetworkName = 'networkA' | 'networkB' | 'networkC' | 'networkD';

export interface MediaItem {
  bytes: Buffer;
  contentType: string;
  kind: 'image' | 'video';
  alt?: string;
}

export interface PublishRequest {
  text: string;
  media: MediaItem[];
  /** Random per delivery: networkA's Idempotency-Key, networkB's record key. */
  deliveryKey: string;
  /** networkC: the author URN (a person or an organization page). */
  target?: string | null;
}

export interface Published {
  externalId: string;
  externalUrl: string | null;
}

export interface NetworkAuth {
  accessToken: string;
  providerUserId: string;
  instanceUrl: string | null;
  session: string | null;
}

/**
 * - `retryable`: try again later (5xx, timeout, 429, a dropped connection where a retry cannot post twice);
 * - `final`: the network refused it (a 4xx), do not retry;
 * - `unknown_outcome`: the request was sent and the answer lost, and a retry could post twice;
 * - `unauthorized`: the access token was refused (401): refresh once, then retry.
 */
export type FailureKind = 'retryable' | 'final' | 'unknown_outcome' | 'unauthorized';

export class NetworkError extends Error {
  constructor(
    message: string,
    readonly kind: FailureKind,
    readonly statusCode: number | null = null,
    readonly retryAfterMs: number | null = null,
    readonly code: string | null = null,
  ) {
    super(message);
    this.name = 'NetworkError';
  }
}

export interface NetworkAdapter {
  readonly network: NetworkName;
  /** Characters of `text` as this network counts them, and its limit for this identity. */
  count(text: string): number;
  limit(auth: NetworkAuth): Promise<number>;
  publish(auth: NetworkAuth, request: PublishRequest): Promise<Published>;
  remove(auth: NetworkAuth, externalId: string): Promise<void>;
  /** Whether it takes images / videos. */
  readonly accepts: { images: boolean; videos: boolean };
}
