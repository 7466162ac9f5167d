// One interface for push delivery, whatever the provider (APNs for iOS, FCM for Android).

export interface PushDevice {
  token: string;
  platform: 'ios' | 'android' | string;
  environment: 'sandbox' | 'production' | string;
}

export interface PushPayload {
  title: string;
  body: string;
  /** Extra string values for the app (FCM refuses non-string data values). */
  data: Record<string, string>;
}

/**
 * What became of one attempt: delivered; the token is gone (remove the device); a transient
 * failure worth retrying (429, 5xx, network), with the provider's Retry-After in seconds when
 * given; a permanent failure; or skipped because the provider is not configured.
 */
export type PushOutcome =
  | { status: 'sent' }
  | { status: 'gone'; reason: string }
  | { status: 'retry'; reason: string; retryAfterSeconds?: number }
  | { status: 'failed'; reason: string }
  | { status: 'skipped'; reason: string };

/** A provider's client: one attempt per call, never throws. */
export interface PushClient {
  send(device: PushDevice, payload: PushPayload): Promise<PushOutcome>;
  close(): void;
}
