import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../runtime/context.js';
import type { Selectable } from 'kysely';
import type { IdempotencyKeysTable } from '../db/types.js';
import { sha256 } from '../lib/crypto.js';
import { newId } from '../lib/ids.js';
import { getCaller } from './auth.js';
import { badRequest, conflict, unprocessable } from './errors.js';

// Idempotency-Key for every POST, PUT, PATCH and DELETE. The first request with a key claims it
// (a row in idempotency_keys, unique per caller and key); its response is stored when sent, and a
// repeat within 24 hours gets that response replayed instead of running the handler again.
//
// Responses can carry secrets (a sync token, a session cookie), so nothing usable is stored in the
// clear: the row is found by sha256(key), and the stored body and headers are sealed with
// AES-256-GCM under a key derived from the raw Idempotency-Key. Only a client that holds the key
// can have the response replayed, and a database dump reveals nothing of it.

const METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const KEY_PATTERN = /^[\x20-\x7e]{1,255}$/;
export const IDEMPOTENCY_TTL_MS = 24 * 3600_000;
/** A claim still running after this long was abandoned (a crashed process) and may be taken over. */
const RUNNING_LEASE_MS = 5 * 60_000;
const SWEEP_INTERVAL_MS = 60_000;
/** Response headers replayed besides content-type (which has a column of its own). */
const REPLAYED_HEADERS = ['set-cookie', 'location'];

type KeyRow = Selectable<IdempotencyKeysTable>;

interface Claim {
  id: string;
  rawKey: string;
  caller: string;
  requestHash: string;
}

interface Sealed {
  body: string;
  encoding: 'utf8' | 'base64';
  headers: Record<string, string | string[]>;
}

const claims = new WeakMap<FastifyRequest, Claim>();
/** Digests of bodies their route reads itself (setBodyDigest). */
const bodyDigests = new WeakMap<FastifyRequest, string>();

/**
 * A route that reads its body itself (a multipart upload: request.body is empty) gives a digest of
 * what it read here, before the preHandler, so the fingerprint covers it: the same key with a
 * different upload is a mismatch, not a replay of the first.
 */
export function setBodyDigest(request: FastifyRequest, digest: string): void {
  bodyDigests.set(request, digest);
}

export function registerIdempotency(app: FastifyInstance): void {
  let nextSweep = 0;

  // preHandler runs after schema validation: a request that fails validation never claims a key.
  app.addHook('preHandler', async (request, reply) => {
    if (!METHODS.has(request.method)) return;
    const header = request.headers['idempotency-key'];
    if (header === undefined) return;
    // Node joins a repeated header into one string, so this is the header as sent.
    const rawKey = String(header);
    if (!KEY_PATTERN.test(rawKey)) {
      throw badRequest('Idempotency-Key must be 1 to 255 printable characters', 'invalid_idempotency_key');
    }
    const ctx = request.server.ctx;
    const now = ctx.clock.now().getTime();
    if (now >= nextSweep) {
      nextSweep = now + SWEEP_INTERVAL_MS;
      await ctx.db.kysely.deleteFrom('idempotency_keys').where('expires_at', '<=', new Date(now).toISOString()).execute();
    }

    const caller = await callerOf(request);
    const requestHash = fingerprint(request);
    const outcome = await claim(ctx, caller, sha256(rawKey), requestHash, request);
    if ('id' in outcome) {
      claims.set(request, { id: outcome.id, rawKey, caller, requestHash });
      return;
    }
    const row = outcome.existing;
    if (row.state !== 'done') {
      throw conflict('A request with this Idempotency-Key is still being processed', 'idempotency_in_progress');
    }
    if (row.request_hash !== requestHash) {
      throw unprocessable('This Idempotency-Key was already used for a different request', 'idempotency_mismatch');
    }
    return replay(reply, row, open(rawKey, caller, row));
  });

  app.addHook('onSend', async (request, reply, payload) => {
    const held = claims.get(request);
    if (!held) return payload;
    claims.delete(request);
    const { db } = request.server.ctx;
    const status = reply.statusCode;
    // Server errors and rate limits are worth retrying: release the key instead of storing them.
    // Streams cannot be captured, so they are not replayable either.
    const storable = status < 500 && status !== 429 && (payload == null || typeof payload === 'string' || Buffer.isBuffer(payload));
    try {
      if (!storable) {
        await db.kysely.deleteFrom('idempotency_keys').where('id', '=', held.id).execute();
      } else {
        const contentType = reply.getHeader('content-type');
        await db.kysely
          .updateTable('idempotency_keys')
          .set({
            state: 'done',
            response_status: status,
            response_content_type: contentType === undefined ? null : String(contentType),
            response_body: seal(held, capture(reply, payload as string | Buffer | null | undefined)),
          })
          .where('id', '=', held.id)
          .execute();
      }
    } catch (err) {
      // The response still goes out; an unfinished claim lapses after its lease.
      // Stryker disable next-line StringLiteral: a log line's wording
      request.log.error({ err }, 'idempotency: could not record the response');
    }
    return payload;
  });

  // A request that ended without onSend (aborted) must not keep its key locked.
  app.addHook('onResponse', async (request) => {
    const held = claims.get(request);
    if (!held) return;
    claims.delete(request);
    await request.server.ctx.db.kysely.deleteFrom('idempotency_keys').where('id', '=', held.id).execute();
  });
}

async function callerOf(request: FastifyRequest): Promise<string> {
  const caller = await getCaller(request);
  return caller ? `user:${caller.user.id}` : `ip:${request.ip}`;
}

/**
 * sha256 of method, URL and the body in a canonical form (JSON with object keys sorted; raw bytes
 * as base64; a body the route reads itself by the digest it gave).
 */
function fingerprint(request: FastifyRequest): string {
  const body = request.body;
  const digest = bodyDigests.get(request);
  // A multipart body is never request.body: a route that takes one and gave no digest would
  // replay its first upload for any other under the same key. Failing loudly keeps that class shut.
  if (digest === undefined && /^multipart\//i.test(request.headers['content-type'] ?? '')) {
    throw new Error(`${request.routeOptions.url}: a multipart route must give its body's digest (setBodyDigest) before the Idempotency-Key is claimed`);
  }
  // Stryker disable next-line ConditionalExpression: raw bytes as canonical JSON would fingerprint them as well; base64 is far cheaper
  const text = digest !== undefined ? `read:${digest}` : Buffer.isBuffer(body) ? body.toString('base64') : canonicalJson(body);
  return sha256(`${request.method}\n${request.url}\n${text}`);
}

/** The body as canonical JSON text; a request without a body is ''. */
function canonicalJson(body: unknown): string {
  // Stryker disable next-line StringLiteral: any text that neither JSON nor base64 produces marks "no body" alike
  return JSON.stringify(canonical(body)) ?? '';
}

function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (value !== null && typeof value === 'object') {
    const obj = value as Record<string, unknown>;
    return Object.fromEntries(Object.keys(obj).sort().map((k) => [k, canonical(obj[k])]));
  }
  return value;
}

/**
 * Inserts a running claim, or returns the row that already holds the key. An expired row, or a
 * running one whose lease lapsed, is replaced.
 */
async function claim(
  ctx: AppContext,
  caller: string,
  keyHash: string,
  requestHash: string,
  request: FastifyRequest,
): Promise<{ id: string } | { existing: KeyRow }> {
  const db = ctx.db.kysely;
  for (let attempt = 0; attempt < 3; attempt++) {
    const now = ctx.clock.now();
    const id = newId();
    const inserted = await db
      .insertInto('idempotency_keys')
      .values({
        id,
        caller,
        idem_key: keyHash,
        method: request.method,
        path: request.url.split('?')[0].slice(0, 2048),
        request_hash: requestHash,
        state: 'running',
        response_status: null,
        response_body: null,
        response_content_type: null,
        created_at: now.toISOString(),
        expires_at: new Date(now.getTime() + IDEMPOTENCY_TTL_MS).toISOString(),
      })
      .onConflict((oc) => oc.columns(['caller', 'idem_key']).doNothing())
      .returning('id')
      .executeTakeFirst();
    if (inserted) return { id };

    const existing = await db
      .selectFrom('idempotency_keys')
      .selectAll()
      .where('caller', '=', caller)
      .where('idem_key', '=', keyHash)
      .executeTakeFirst();
    if (!existing) continue; // released in between: try again
    const expired = Date.parse(existing.expires_at) <= now.getTime();
    const abandoned = existing.state === 'running' && Date.parse(existing.created_at) <= now.getTime() - RUNNING_LEASE_MS;
    if (!expired && !abandoned) return { existing };
    await db.deleteFrom('idempotency_keys').where('id', '=', existing.id).execute();
  }
  // Lost every race for the key: another request holds it.
  throw conflict('A request with this Idempotency-Key is still being processed', 'idempotency_in_progress');
}

function capture(reply: FastifyReply, payload: string | Buffer | null | undefined): Sealed {
  const headers: Record<string, string | string[]> = {};
  for (const name of REPLAYED_HEADERS) {
    const value = reply.getHeader(name);
    if (value !== undefined) headers[name] = Array.isArray(value) ? value.map(String) : String(value);
  }
  if (Buffer.isBuffer(payload)) return { body: payload.toString('base64'), encoding: 'base64', headers };
  return {
    body: payload ?? '',
    // Stryker disable next-line StringLiteral: a replay tells 'base64' apart and reads any other encoding as text
    encoding: 'utf8',
    headers,
  };
}

function replay(reply: FastifyReply, row: KeyRow, stored: Sealed): FastifyReply {
  reply.status(row.response_status ?? 200);
  for (const [name, value] of Object.entries(stored.headers)) reply.header(name, value);
  reply.header('idempotent-replayed', 'true');
  // Every body has a content type, so an answer stored without one had none (a 204): it is
  // replayed without one too, where sending '' would add text/plain.
  if (!row.response_content_type) return reply.send();
  reply.header('content-type', row.response_content_type);
  return reply.send(stored.encoding === 'base64' ? Buffer.from(stored.body, 'base64') : stored.body);
}

// AES-256-GCM under HKDF-SHA256(Idempotency-Key, salt = caller). The request fingerprint is the
// associated data, so a sealed response only opens for the request that produced it.
// response_body = base64(iv | tag | ciphertext).

function cipherKey(rawKey: string, caller: string): Buffer {
  // The label only separates this key's use from any other; sealing and opening share it.
  // Stryker disable next-line StringLiteral: any label seals and opens alike
  const label = 'idempotency-response-v1';
  return Buffer.from(hkdfSync('sha256', rawKey, caller, label, 32));
}

function seal(held: Claim, value: Sealed): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', cipherKey(held.rawKey, held.caller), iv);
  cipher.setAAD(Buffer.from(held.requestHash));
  // Stryker disable next-line StringLiteral: Node reads a string as UTF-8 under an empty encoding name as well
  const ciphertext = Buffer.concat([cipher.update(JSON.stringify(value), 'utf8'), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), ciphertext]).toString('base64');
}

function open(rawKey: string, caller: string, row: KeyRow): Sealed {
  // Stryker disable next-line StringLiteral: only a done row is opened, and a done row always holds its sealed answer
  const sealed = row.response_body ?? '';
  const data = Buffer.from(sealed, 'base64');
  const decipher = createDecipheriv('aes-256-gcm', cipherKey(rawKey, caller), data.subarray(0, 12));
  decipher.setAAD(Buffer.from(row.request_hash));
  decipher.setAuthTag(data.subarray(12, 28));
  const plaintext = Buffer.concat([decipher.update(data.subarray(28)), decipher.final()]);
  return JSON.parse(plaintext.toString('utf8')) as Sealed;
}
