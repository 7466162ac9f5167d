import type { PushConfig } from '../../config.js';
import { ApnsClient } from './apns.js';
import { FcmClient } from './fcm.js';
import type { PushClient, PushDevice, PushOutcome, PushPayload } from './types.js';

export type { PushClient, PushDevice, PushOutcome, PushPayload } from './types.js';
export { ApnsClient } from './apns.js';
export { FcmClient } from './fcm.js';

// Push delivery behind one interface: the platform picks the client (APNs for ios, FCM for
// android); a platform whose provider is not configured is skipped. Transient failures (429,
// 5xx, network) are retried with exponential backoff a bounded number of times.

export interface PushSender {
  /** Delivers to one device, retrying transient failures; resolves with the final outcome; never throws. */
  deliver(device: PushDevice, payload: PushPayload): Promise<PushOutcome & { attempts: number }>;
  close(): void;
}

export interface RetryOptions {
  /** Attempts in all, the first included (default 3). */
  attempts?: number;
  /** Delay before the first retry; doubled each time (default 500 ms). */
  baseDelayMs?: number;
  /** Upper bound of any one delay, Retry-After included (default 30 s). */
  maxDelayMs?: number;
}

export class PushAdapter implements PushSender {
  private readonly attempts: number;
  private readonly baseDelayMs: number;
  private readonly maxDelayMs: number;

  constructor(
    private readonly clients: { ios: PushClient | null; android: PushClient | null },
    retry: RetryOptions = {},
  ) {
    this.attempts = Math.max(1, retry.attempts ?? 3);
    this.baseDelayMs = retry.baseDelayMs ?? 500;
    this.maxDelayMs = retry.maxDelayMs ?? 30_000;
  }

  async deliver(device: PushDevice, payload: PushPayload): Promise<PushOutcome & { attempts: number }> {
    const client = device.platform === 'ios' ? this.clients.ios : device.platform === 'android' ? this.clients.android : null;
    if (!client) return { status: 'skipped', reason: `no push provider configured for platform ${device.platform}`, attempts: 0 };
    let outcome: PushOutcome = { status: 'failed', reason: 'not attempted' };
    for (let attempt = 1; attempt <= this.attempts; attempt++) {
      try {
        outcome = await client.send(device, payload);
      } catch (err) {
        outcome = { status: 'retry', reason: (err as Error).message };
      }
      if (outcome.status !== 'retry') return { ...outcome, attempts: attempt };
      if (attempt < this.attempts) {
        const backoff = this.baseDelayMs * 2 ** (attempt - 1);
        const wait = Math.min(this.maxDelayMs, Math.max(backoff, (outcome.retryAfterSeconds ?? 0) * 1000));
        await new Promise((resolve) => setTimeout(resolve, wait).unref());
      }
    }
    return { status: 'failed', reason: `gave up after ${this.attempts} attempts: ${outcome.reason}`, attempts: this.attempts };
  }

  close(): void {
    this.clients.ios?.close();
    this.clients.android?.close();
  }
}

/** The push adapter the configuration describes (providers left unset are skipped). */
export function createPush(config: PushConfig, extra: { ca?: string; retry?: RetryOptions; now?: () => Date } = {}): PushAdapter {
  const ios = config.apns ? new ApnsClient({ ...config.apns, url: config.apnsUrl, ca: extra.ca, now: extra.now }) : null;
  const android = config.fcm ? new FcmClient({ serviceAccount: config.fcm.serviceAccount, url: config.fcmUrl, tokenUrl: config.fcmTokenUrl, now: extra.now }) : null;
  return new PushAdapter({ ios, android }, extra.retry);
}
