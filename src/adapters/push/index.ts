import type { PushConfig } from '../../config.js';
import { ApnsClient } from './apns.js';
import { FcmClient } from './fcm.js';
import type { PushClient, PushDevice, PushOutcome, PushPayload } from './types.js';

export type { PushClient, PushDevice, PushOutcome, PushPayload } from './types.js';
export { ApnsClient } from './apns.js';
export { FcmClient } from './fcm.js';

// Push delivery behind one interface: the platform picks the client (APNs for ios, FCM for
// android); a platform whose provider is not configured is skipped. One call is one attempt:
// retrying a transient failure (429, 5xx, network) is the caller's job (the job runner, with
// backoff and the provider's Retry-After).

export interface PushSender {
  /** One attempt to deliver to one device; resolves with its outcome; never throws. */
  deliver(device: PushDevice, payload: PushPayload): Promise<PushOutcome>;
  close(): void;
}

export class PushAdapter implements PushSender {
  constructor(private readonly clients: { ios: PushClient | null; android: PushClient | null }) {}

  async deliver(device: PushDevice, payload: PushPayload): Promise<PushOutcome> {
    const client = device.platform === 'ios' ? this.clients.ios : device.platform === 'android' ? this.clients.android : null;
    if (!client) return { status: 'skipped', reason: `no push provider configured for platform ${device.platform}` };
    try {
      return await client.send(device, payload);
    } catch (err) {
      return { status: 'retry', reason: (err as Error).message };
    }
  }

  close(): void {
    this.clients.ios?.close();
    this.clients.android?.close();
  }
}

/** The push adapter the configuration describes (providers left unset are skipped). */
export function createPush(config: PushConfig, extra: { ca?: string; now?: () => Date } = {}): PushAdapter {
  const ios = config.apns ? new ApnsClient({ ...config.apns, url: config.apnsUrl, ca: extra.ca, now: extra.now }) : null;
  const android = config.fcm ? new FcmClient({ serviceAccount: config.fcm.serviceAccount, url: config.fcmUrl, tokenUrl: config.fcmTokenUrl, now: extra.now }) : null;
  return new PushAdapter({ ios, android });
}
