import type { Static } from '@sinclair/typebox';
import Ajv, { type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import {
  Document,
  SharedSyncDocument,
  SyncDocument,
  SyncFolder,
  SyncPullResult,
  SyncPushResult,
  type SyncOperation,
} from '../../features/documents/schemas.js';

// The HTTP client of the sync CLI. Requests and answers are typed with the service's own
// TypeBox schemas, and the sync answers are checked against them at run time, so a client and a
// server that disagree fail loudly instead of syncing the wrong thing.

export type RemoteDocument = Static<typeof SyncDocument>;
export type RemoteFolder = Static<typeof SyncFolder>;
export type PullResult = Static<typeof SyncPullResult>;
export type FullDocument = Static<typeof Document>;
export type { SyncOperation };

export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly code: string | undefined,
    readonly body: Record<string, unknown> | undefined,
  ) {
    super(message);
  }
}

const ajv = addFormats.default(new Ajv.default({ strict: false, allErrors: false }));
for (const schema of [SyncFolder, SyncDocument, SharedSyncDocument, Document]) ajv.addSchema(schema);
const validators = {
  pull: ajv.compile(SyncPullResult),
  push: ajv.compile(SyncPushResult),
};

function checked<T>(validate: ValidateFunction, value: unknown, what: string): T {
  if (!validate(value)) throw new Error(`The server's answer to ${what} does not match the API: ${ajv.errorsText(validate.errors)}`);
  return value as T;
}

export function normalizeServer(url: string): string {
  const u = new URL(url);
  if (u.protocol !== 'http:' && u.protocol !== 'https:') throw new Error(`Not an http(s) URL: ${url}`);
  return u.origin + u.pathname.replace(/\/+$/, '');
}

export class ApiClient {
  constructor(
    readonly server: string,
    private readonly token: string | null,
  ) {}

  private async request(method: string, path: string, body?: unknown): Promise<unknown> {
    const headers: Record<string, string> = { accept: 'application/json', 'user-agent': 'social-lists-sync' };
    if (this.token) headers.authorization = `Bearer ${this.token}`;
    if (body !== undefined) headers['content-type'] = 'application/json';
    let res: Response;
    try {
      res = await fetch(`${this.server}${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
    } catch (err) {
      const cause = (err as { cause?: { message?: string } }).cause?.message;
      throw new Error(`Cannot reach ${this.server}: ${cause ?? (err as Error).message}`);
    }
    const text = await res.text();
    let json: unknown;
    try {
      json = text === '' ? undefined : JSON.parse(text);
    } catch {
      json = undefined;
    }
    if (!res.ok) {
      const obj = (json && typeof json === 'object' ? json : undefined) as Record<string, unknown> | undefined;
      const message = typeof obj?.error === 'string' ? obj.error : `HTTP ${res.status}`;
      throw new ApiError(res.status, message, typeof obj?.code === 'string' ? obj.code : undefined, obj);
    }
    return json;
  }

  async createToken(email: string, password: string): Promise<string> {
    const body = (await this.request('POST', '/api/auth/sync-token', { email, password })) as { token?: unknown };
    if (typeof body?.token !== 'string') throw new Error('The server answered without a token');
    return body.token;
  }

  /** Revokes the token this client calls with. */
  async logout(): Promise<void> {
    await this.request('POST', '/api/auth/logout');
  }

  async pull(lastSyncAt: string | null): Promise<PullResult> {
    const query = lastSyncAt ? `?lastSyncAt=${encodeURIComponent(lastSyncAt)}` : '';
    return checked<PullResult>(validators.pull, await this.request('GET', `/api/documents/sync${query}`), 'GET /api/documents/sync');
  }

  async push(operations: SyncOperation[]): Promise<{ lastSyncAt: string }> {
    return checked(validators.push, await this.request('POST', '/api/documents/sync', { operations }), 'POST /api/documents/sync');
  }
}

/** The current document a 409 `revision_conflict` carries, when it is well formed. */
export function conflictDocument(err: ApiError): FullDocument | undefined {
  const doc = err.body?.document as FullDocument | undefined;
  if (!doc || typeof doc.id !== 'string' || typeof doc.content !== 'string' || typeof doc.revision !== 'number') return undefined;
  return doc;
}

/** The index of the failing operation named by a sync error (`operations[3]: ...`). */
export function failingOperation(err: ApiError): number | undefined {
  const m = /^operations\[(\d+)\]/.exec(err.message);
  return m ? Number(m[1]) : undefined;
}
