import { generateKeyPairSync } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type autocannon from 'autocannon';
import { parseDatabaseUrl } from '../src/config.js';
import { openDatabase } from '../src/db/connection.js';
import { newId } from '../src/lib/ids.js';
import { seededUser } from './seed.js';

// Notifications bench: the bench user's tray and feed over 1,000 notifications (300 unread), and
// digs that fan out to an author with 3 registered Android devices, pushed through FCM HTTP v1 to
// a loopback stand-in (with its token endpoint) that takes FCM_DELAY_MS (default 200 ms) to answer
// each push: the dig's latency must not include that wait.

export const DIG_TARGETS = Number(process.env.BENCH_DIGS ?? 20_000);
const FCM_DELAY_MS = Number(process.env.BENCH_FCM_DELAY_MS ?? 200);

export interface FcmBenchStandIn {
  /** Environment for the server process: FCM_SERVICE_ACCOUNT, FCM_URL, FCM_TOKEN_URL. */
  env: Record<string, string>;
  sends(): number;
  stop(): Promise<void>;
}

export async function startFcmStandIn(): Promise<FcmBenchStandIn> {
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  let sends = 0;
  const server = http.createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      if (req.url === '/token') {
        res.writeHead(200, { 'content-type': 'application/json' });
        return res.end(JSON.stringify({ access_token: 'bench-access-token', expires_in: 3600 }));
      }
      setTimeout(() => {
        sends += 1;
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end('{"name":"projects/bench/messages/1"}');
      }, FCM_DELAY_MS);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    env: {
      FCM_SERVICE_ACCOUNT: JSON.stringify({
        project_id: 'bench',
        client_email: 'bench@bench.iam.gserviceaccount.com',
        private_key: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
        token_uri: `${base}/token`,
      }),
      FCM_URL: base,
      FCM_TOKEN_URL: `${base}/token`,
    },
    sends: () => sends,
    stop: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

export interface SeededNotifications {
  /** Public messages of the author with 3 devices, each dug once in the bench. */
  messageIds: string[];
}

export async function seedNotifications(databaseUrl: string, email = 'bench0@example.com'): Promise<SeededNotifications> {
  const db = openDatabase(parseDatabaseUrl(databaseUrl));
  try {
    const me = await db.kysely.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow();
    const now = Date.now();
    const iso = new Date(now).toISOString();
    const authorId = newId();
    await db.kysely
      .insertInto('users')
      .values(seededUser('notified_author', iso, { id: authorId, email: 'notified-author@example.com', display_name: 'Notified Author' }))
      .execute();
    await db.kysely
      .insertInto('push_devices')
      .values([1, 2, 3].map((i) => ({ id: newId(), user_id: authorId, token: `bench-device-${i}`, platform: 'android', environment: 'production', created_at: iso, updated_at: iso })))
      .execute();
    const messageIds: string[] = [];
    for (let start = 0; start < DIG_TARGETS; start += 500) {
      const rows = [];
      for (let i = start; i < Math.min(DIG_TARGETS, start + 500); i++) {
        const id = newId();
        messageIds.push(id);
        const at = new Date(now - (DIG_TARGETS - i) * 1000).toISOString();
        rows.push({
          id,
          user_id: authorId,
          content: `A message worth digging, number ${i}`,
          publicly_visible: true,
          tags: '[]',
          parent_id: null,
          pushed_message_id: null,
          image_urls: '[]',
          video_urls: '[]',
          scheduled_at: null,
          published_at: at,
          cross_post_config: null,
          created_at: at,
          updated_at: at,
        });
      }
      await db.kysely.insertInto('messages').values(rows).execute();
    }
    // The bench user's notifications: 1,000, the newest 300 unread.
    for (let start = 0; start < 1000; start += 250) {
      const rows = [];
      for (let i = start; i < start + 250; i++) {
        const messageId = messageIds[i % messageIds.length];
        rows.push({
          id: newId(),
          user_id: me.id,
          actor_id: authorId,
          type: 'dig',
          title: 'New dig',
          body: `Notified Author dug your message: “number ${i}”`,
          action_url: `/messages/${messageId}`,
          route_path: `/messages/${messageId}`,
          metadata: JSON.stringify({ actor: { id: authorId, username: 'notified_author', displayName: 'Notified Author', avatar: null }, messageId }),
          target_message_id: messageId,
          target_list_id: null,
          target_org_id: null,
          created_at: new Date(now - (1000 - i) * 60_000).toISOString(),
          read_at: i < 700 ? iso : null,
        });
      }
      await db.kysely.insertInto('notifications').values(rows).execute();
    }
    return { messageIds };
  } finally {
    await db.close();
  }
}

type Measure<F> = (name: string, opts: autocannon.Options) => Promise<F>;

export async function notificationFigures<F>(measure: Measure<F>, base: string, sessionToken: string, syncToken: string, seeded: SeededNotifications, fcm: FcmBenchStandIn): Promise<F[]> {
  const figures = [
    await measure('GET /api/notifications?scope=tray (1,000 notifications, 300 unread)', {
      url: `${base}/api/notifications?scope=tray`,
      headers: { cookie: `service-session=${sessionToken}` },
    }),
    await measure('GET /api/notifications (feed, limit 20)', { url: `${base}/api/notifications?limit=20`, headers: { authorization: `Bearer ${syncToken}` } }),
  ];
  // Every request digs a message not dug before: each is a new dig, a notification and 3 pushes.
  let next = 0;
  const before = fcm.sends();
  figures.push(
    await measure(`POST /api/messages/{id}/dig (new dig; author has 3 devices; FCM answers in ${FCM_DELAY_MS} ms)`, {
      url: base,
      amount: seeded.messageIds.length,
      headers: { authorization: `Bearer ${syncToken}` },
      requests: [
        {
          method: 'POST',
          setupRequest: (req) => ({ ...req, path: `/api/messages/${seeded.messageIds[next++ % seeded.messageIds.length]}/dig` }),
        },
      ],
    }),
  );
  // The pushes arrive after the digs have answered. Wait until they stop arriving (the job runner is
  // done), so that their delivery does not load the server while the next groups are measured.
  const deadline = Date.now() + 300_000;
  let last = -1;
  let quietSince = Date.now();
  while (Date.now() < deadline && Date.now() - quietSince < 3000) {
    await new Promise((r) => setTimeout(r, 250));
    if (fcm.sends() !== last) {
      last = fcm.sends();
      quietSince = Date.now();
    }
  }
  process.stdout.write(`digs made: ${Math.min(next, seeded.messageIds.length)}; pushes delivered to the FCM stand-in: ${fcm.sends() - before}\n`);
  return figures;
}
