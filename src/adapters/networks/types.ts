// The one interface every outside network's publish/delete adapter implements (issue 21).

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
  deliveryKey: string;
  target?: string | null /* networkC author URN */;
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
