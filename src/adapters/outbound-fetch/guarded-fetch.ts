import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import type { Agent, buildConnector, Headers, Response } from 'undici';
import { onFirstUse } from '../../lib/load-on-first-use.js';
import type { AddressPolicy } from './address-policy.js';
import { OutboundRefusedError } from './errors.js';

// A fetch of a URL someone else chose, made safe to run from inside the service's network:
//   - http and https only, no credentials in the URL;
//   - the host is resolved once (all its addresses), every address is checked against the
//     AddressPolicy, and the connection is pinned to the checked address: undici's connector is
//     handed the address instead of the name, so nothing resolves the name a second time (no DNS
//     rebinding). TLS still verifies the certificate against the host name and sends it as SNI,
//     because undici derives the servername from the Host, which stays the URL's;
//   - an IP-literal host is checked as it is (Node skips any custom lookup for literals, and the
//     WHATWG URL parser has already turned 2130706433, 127.1 or 0x7f.1 into 127.0.0.1);
//   - redirects are followed here, one hop at a time, each hop's host checked like the first;
//   - one time budget covers resolving, connecting, every hop and the body; the body is counted as
//     it streams (after decompression) and abandoned at the cap.

export interface ResolvedAddress {
  address: string;
  family: number;
}

/** Every address a host name resolves to. Injectable so that tests can play a rebinding DNS. */
export type Resolver = (hostname: string) => Promise<ResolvedAddress[]>;

export const systemResolver: Resolver = (hostname) => lookup(hostname, { all: true, verbatim: true });

/** The most redirects any fetch follows. */
export const MAX_REDIRECTS = 5;

/** undici, loaded with the first outbound fetch (lib/load-on-first-use.ts). */
const undici = onFirstUse(() => import('undici'));

const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);
/** Headers that carry the caller's identity: never sent on to another origin. */
const CREDENTIAL_HEADERS = ['authorization', 'cookie', 'proxy-authorization'];

export interface GuardedFetchSettings {
  policy: AddressPolicy;
  timeoutMs: number;
  maxBytes: number;
  userAgent: string;
  resolver: Resolver;
  /** Trusted certificate authorities instead of the system's (tests: a stand-in's own certificate). */
  ca?: string;
}

export interface GuardedRequest {
  method?: string;
  headers?: Record<string, string>;
  body?: string | Uint8Array;
  /** At most MAX_REDIRECTS (a larger value is lowered to it); 0 follows none. */
  maxRedirects?: number;
  /** 'manual': a redirect is answered as it is, not followed (fetch's `redirect: 'manual'`). */
  redirect?: 'follow' | 'manual';
  /** Overrides the configured time budget of the whole fetch. */
  timeoutMs?: number;
  /** Overrides the configured body cap. */
  maxBytes?: number;
  /** Over the cap: 'refuse' (too_large, the default) or 'truncate' (keep the first maxBytes). */
  overflow?: 'refuse' | 'truncate';
  /** Checked on the final answer's media type (lowercase, no parameters) before its body is read. */
  acceptContentType?: (mediaType: string) => boolean;
  signal?: AbortSignal;
  /**
   * Kept-alive connections (KeptAgents, one agent per origin) instead of a connection opened and
   * closed for this fetch alone: for a caller that sends to the same origin again and again (a
   * webhook's receiver). Every new connection is checked as a first hop is (resolved, every
   * address checked, pinned to the checked one); a kept one was checked when it was opened.
   */
  keptAlive?: KeptAgents;
}

export interface GuardedResponse {
  /** The URL that answered, after redirects. */
  url: string;
  status: number;
  headers: Headers;
  body: Buffer;
  /** The body was cut at the cap (overflow: 'truncate'). */
  truncated: boolean;
  redirects: number;
}

export async function guardedFetch(settings: GuardedFetchSettings, input: string | URL, init: GuardedRequest = {}): Promise<GuardedResponse> {
  const timeoutMs = init.timeoutMs ?? settings.timeoutMs;
  const timer = new AbortController();
  const timeout = setTimeout(
    () => timer.abort(new OutboundRefusedError('timeout', `The address did not answer within ${timeoutMs / 1000} s`)),
    timeoutMs,
  );
  const signal = init.signal ? AbortSignal.any([timer.signal, init.signal]) : timer.signal;
  const hop = new HopRunner(settings, signal);
  try {
    return await hop.follow(target(input), init);
  } catch (err) {
    throw signal.aborted ? signal.reason : translate(err);
  } finally {
    clearTimeout(timeout);
    await hop.close();
  }
}

/**
 * Checks a URL ahead of any fetch, as the first hop of a fetch would be checked (a URL stored now
 * and fetched later, such as a webhook's): an http(s) URL without credentials whose host is, or
 * resolves only to, addresses the policy accepts. Answers whether every one of those addresses is
 * one the operator listed in ALLOWED_PRIVATE_ADDRESSES. Each later fetch is checked again.
 */
export async function vetUrl(settings: Pick<GuardedFetchSettings, 'policy' | 'resolver'>, input: string): Promise<{ url: URL; listedOnly: boolean }> {
  const url = target(input);
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
  let addresses: string[];
  if (isIP(host)) addresses = [host];
  else {
    try {
      addresses = (await settings.resolver(host)).map((a) => a.address);
    } catch (err) {
      throw new OutboundRefusedError('unreachable', `${host} could not be resolved (${(err as NodeJS.ErrnoException).code ?? 'error'})`);
    }
    if (addresses.length === 0) throw new OutboundRefusedError('unreachable', `${host} has no address`);
  }
  if (addresses.some((address) => settings.policy.refusal(address) !== null)) throw new OutboundRefusedError('address', `${host} is not a public address`);
  return { url, listedOnly: addresses.every((address) => settings.policy.listed(address)) };
}

/** One fetch's hops: the addresses it has checked, and the pinned agents it opened. */
class HopRunner {
  private readonly pinned = new Map<string, string>();
  private readonly agents: Agent[] = [];

  constructor(
    private readonly settings: GuardedFetchSettings,
    private readonly signal: AbortSignal,
  ) {}

  async follow(first: URL, init: GuardedRequest): Promise<GuardedResponse> {
    const maxRedirects = Math.min(init.maxRedirects ?? MAX_REDIRECTS, MAX_REDIRECTS);
    const headers: Record<string, string> = { 'user-agent': this.settings.userAgent, ...lowerCaseKeys(init.headers ?? {}) };
    let method = (init.method ?? 'GET').toUpperCase();
    let body = init.body;
    let url = first;
    const { fetch } = await undici();
    for (let redirects = 0; ; redirects += 1) {
      const response = await fetch(url, {
        method,
        headers,
        body,
        redirect: 'manual',
        dispatcher: await this.agentFor(url, init.keptAlive),
        signal: this.signal,
      });
      const location = REDIRECT_STATUSES.has(response.status) && init.redirect !== 'manual' ? response.headers.get('location') : null;
      if (location === null) return { url: url.href, redirects, ...(await read(response, init, this.settings.maxBytes)) };
      await response.body?.cancel();
      if (redirects >= maxRedirects) throw new OutboundRefusedError('redirects', `The address redirected more than ${maxRedirects} times`);
      const next = target(location, url);
      if (next.origin !== url.origin) for (const name of CREDENTIAL_HEADERS) delete headers[name];
      // As browsers do: 303 turns any method but HEAD into GET; 301 and 302 turn POST into GET.
      if ((response.status === 303 && method !== 'HEAD') || (response.status <= 302 && method === 'POST')) {
        method = 'GET';
        body = undefined;
        delete headers['content-type'];
      }
      url = next;
    }
  }

  /** An agent that connects only to the checked address of the URL's host. */
  private async agentFor(url: URL, kept: KeptAgents | undefined): Promise<Agent> {
    if (kept) return kept.agentFor(url);
    const address = await this.checkedAddress(url.hostname.replace(/^\[(.*)\]$/, '$1'));
    const { Agent, buildConnector } = await undici();
    const connect = buildConnector(this.settings.ca ? { ca: this.settings.ca } : {});
    // undici hands the connector the URL's host name; it gets the checked address instead.
    // The servername (SNI, certificate check) comes from `options.host`, left as it is.
    const agent = new Agent({ connect: (options, callback) => connect({ ...options, hostname: address }, callback) });
    this.agents.push(agent);
    return agent;
  }

  /** The host's address, resolved once per fetch; every address it has must pass the policy. */
  private async checkedAddress(host: string): Promise<string> {
    const known = this.pinned.get(host);
    if (known !== undefined) return known;
    this.signal.throwIfAborted();
    const address = await abortable(checkedAddress(this.settings, host), this.signal);
    this.pinned.set(host, address);
    return address;
  }

  async close(): Promise<void> {
    await Promise.all(this.agents.map((agent) => agent.destroy()));
  }
}

/** The address to connect to for a host: it resolves, and every address it has passes the policy (the first is answered). */
async function checkedAddress(settings: Pick<GuardedFetchSettings, 'policy' | 'resolver'>, host: string): Promise<string> {
  const addresses = isIP(host) ? [host] : (await resolve(settings, host)).map((a) => a.address);
  for (const address of addresses) {
    const refusal = settings.policy.refusal(address);
    // The range stays out of the message: it would tell the caller what an internal name is.
    if (refusal !== null) throw new OutboundRefusedError('address', `${host} is not a public address`);
  }
  return addresses[0];
}

async function resolve(settings: Pick<GuardedFetchSettings, 'resolver'>, host: string): Promise<ResolvedAddress[]> {
  let addresses: ResolvedAddress[];
  try {
    addresses = await settings.resolver(host);
  } catch (err) {
    throw new OutboundRefusedError('unreachable', `${host} could not be resolved (${(err as NodeJS.ErrnoException).code ?? 'error'})`);
  }
  if (addresses.length === 0) throw new OutboundRefusedError('unreachable', `${host} has no address`);
  return addresses;
}

/** Origins whose agents (and idle connections) are kept at most; the least recently used goes first. */
const KEPT_ORIGINS = 256;
/** An idle kept connection is closed after this long. */
const KEEP_ALIVE_MS = 30_000;

/**
 * Agents kept between fetches, one per origin, whose connections stay open for the next fetch
 * (opening a connection per fetch bounded webhook deliveries at about 50/s: docs/webhooks.md). The
 * guard stays on every connection: each new one resolves the host again, checks every address
 * against the policy and connects to the checked address (so a name that now resolves to a private
 * address gets no new connection); requests only ever go over connections made that way.
 */
export class KeptAgents {
  private readonly agents = new Map<string, Agent>();
  /** undici's connector, made with the first agent (undici loads on first use). */
  private connect: buildConnector.connector | null = null;

  constructor(private readonly settings: GuardedFetchSettings) {}

  async agentFor(url: URL): Promise<Agent> {
    const origin = url.origin;
    let agent = this.agents.get(origin);
    if (agent) this.agents.delete(origin);
    else {
      const loaded = await undici();
      this.connect ??= loaded.buildConnector(this.settings.ca ? { ca: this.settings.ca } : {});
      // Another fetch to this origin may have made its agent while undici loaded.
      agent = this.agents.get(origin);
      if (agent) this.agents.delete(origin);
      else agent = new loaded.Agent({ keepAliveTimeout: KEEP_ALIVE_MS, keepAliveMaxTimeout: KEEP_ALIVE_MS, connect: (options, callback) => this.guardedConnect(options, callback) });
    }
    // Map order is use order: the first entry is the least recently used.
    this.agents.set(origin, agent);
    if (this.agents.size > KEPT_ORIGINS) {
      const [oldest, old] = this.agents.entries().next().value!;
      this.agents.delete(oldest);
      old.close().catch(() => undefined);
    }
    return agent;
  }

  /** A new connection: the host checked now, the socket pinned to the checked address. */
  private guardedConnect(options: buildConnector.Options, callback: buildConnector.Callback): void {
    checkedAddress(this.settings, options.hostname.replace(/^\[(.*)\]$/, '$1')).then(
      (address) => this.connect!({ ...options, hostname: address }, callback),
      (err: Error) => callback(err, null),
    );
  }

  /** Closes every kept connection (the app is closing). */
  async close(): Promise<void> {
    const agents = [...this.agents.values()];
    this.agents.clear();
    await Promise.all(agents.map((agent) => agent.destroy()));
  }
}

/** The URL to fetch (relative to `base` for a redirect's Location), if it is one we fetch at all. */
export function target(input: string | URL, base?: URL): URL {
  let url: URL;
  try {
    url = new URL(input, base);
  } catch {
    throw base
      ? new OutboundRefusedError('redirects', 'The address redirected to something that is not a URL')
      : new OutboundRefusedError('url', 'Not an absolute URL');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new OutboundRefusedError('scheme', `Only http and https URLs can be fetched (got ${url.protocol})`);
  if (url.username !== '' || url.password !== '') throw new OutboundRefusedError('url', 'URLs with credentials are not fetched');
  return url;
}

async function read(
  response: Response,
  init: GuardedRequest,
  defaultMaxBytes: number,
): Promise<Omit<GuardedResponse, 'url' | 'redirects'>> {
  const maxBytes = init.maxBytes ?? defaultMaxBytes;
  const refuse = (init.overflow ?? 'refuse') === 'refuse';
  const mediaType = (response.headers.get('content-type') ?? '').split(';')[0].trim().toLowerCase();
  if (init.acceptContentType && !init.acceptContentType(mediaType)) {
    await response.body?.cancel();
    throw new OutboundRefusedError('content_type', `Content of type "${mediaType || 'unknown'}" is not accepted`);
  }
  if (refuse && Number(response.headers.get('content-length')) > maxBytes) {
    await response.body?.cancel();
    throw tooLarge(maxBytes);
  }
  const chunks: Uint8Array[] = [];
  let size = 0;
  if (response.body) {
    for await (const chunk of response.body) {
      // Leaving the loop cancels the stream, and with it the download.
      if (size + chunk.byteLength > maxBytes) {
        if (refuse) throw tooLarge(maxBytes);
        chunks.push(chunk.subarray(0, maxBytes - size));
        return { status: response.status, headers: response.headers, body: Buffer.concat(chunks), truncated: true };
      }
      chunks.push(chunk);
      size += chunk.byteLength;
    }
  }
  return { status: response.status, headers: response.headers, body: Buffer.concat(chunks), truncated: false };
}

function tooLarge(maxBytes: number): OutboundRefusedError {
  return new OutboundRefusedError('too_large', `The answer is larger than ${maxBytes} bytes`);
}

/** A refusal as it is; anything else undici throws (refused connection, TLS failure) is 'unreachable'. */
function translate(err: unknown): unknown {
  if (err instanceof OutboundRefusedError) return err;
  const cause = (err as { cause?: { code?: string } }).cause;
  // A kept agent's connection refused by the guard (KeptAgents.guardedConnect).
  if (cause instanceof OutboundRefusedError) return cause;
  // The code only: undici's messages name the address it dialled.
  return new OutboundRefusedError('unreachable', `The address could not be reached (${cause?.code ?? 'connection failed'})`);
}

function abortable<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}

function lowerCaseKeys(headers: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(headers).map(([name, value]) => [name.toLowerCase(), value]));
}
