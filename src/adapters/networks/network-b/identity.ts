import type { OutboundFetcher } from '../../outbound-fetch/index.js';
import { startedEarly } from '../../../lib/promises.js';

// networkB identity: a handle (a domain name) names a DID, and the DID's document names the
// handle back and the account's service (its PDS). Resolved as the protocol says:
//   - handle → DID through `https://<handle>/.well-known/atproto-did`, or the DNS TXT record
//     `_atproto.<handle>` ("did=<did>"); names under the reserved `.test` domain (RFC 6761) never
//     exist in public DNS, so they are not asked for (and no test ever queries a DNS server);
//   - did:plc through the PLC directory (NETWORKB_DIRECTORY_URL), did:web through the domain's
//     `/.well-known/did.json`;
//   - the handle counts only if its DID's document names it back (else "handle.invalid").
// Every fetch goes through the guarded fetcher: a handle is a host the user chose.

export const HANDLE_INVALID = 'handle.invalid';

export interface DidDocument {
  id: string;
  alsoKnownAs?: string[];
  verificationMethod?: unknown[];
  service?: { id: string; type: string; serviceEndpoint: unknown }[];
}

export interface ResolvedIdentity {
  did: string;
  /** The verified handle, or HANDLE_INVALID. */
  handle: string;
  didDoc: DidDocument;
  /** The account's PDS origin (no trailing slash). */
  pdsUrl: string;
}

/** The identity cannot be resolved or reached: the user's input is at fault, or its host is down. */
export class IdentityUnresolvable extends Error {
  override readonly name = 'IdentityUnresolvable';
}

const HANDLE_PATTERN = /^([a-zA-Z0-9]([a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?\.)+[a-zA-Z]([a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?$/;
const DID_PATTERN = /^did:(plc:[a-z2-7]{24}|web:[a-zA-Z0-9._-]+)$/;
const DNS_FREE_SUFFIX = '.test';
const TIMEOUT_MS = 5_000;

export interface IdentityResolverOptions {
  fetcher: OutboundFetcher;
  /** The PLC directory's origin (https://plc.directory unless configured). */
  directoryUrl: string;
}

export class NetworkBIdentityResolver {
  constructor(private readonly options: IdentityResolverOptions) {}

  /** A handle (optionally with a leading @, or an at:// form) or a DID, resolved and verified. */
  async resolve(identifier: string): Promise<ResolvedIdentity> {
    const input = identifier.trim().replace(/^at:\/\//, '').replace(/^@/, '');
    if (input.startsWith('did:')) {
      const did = input;
      const didDoc = await this.document(did);
      const claimed = handleOf(didDoc);
      const handle = claimed !== null && (await this.handleToDid(claimed).catch(() => null)) === did ? claimed : HANDLE_INVALID;
      return { did, handle, didDoc, pdsUrl: pdsOf(didDoc) };
    }
    const handle = normalizeHandle(input);
    const did = await this.handleToDid(handle);
    const didDoc = await this.document(did);
    // The document must name the handle back, or anyone could claim any DID's account.
    if (handleOf(didDoc) !== handle) throw new IdentityUnresolvable(`The account of ${handle} does not name that handle`);
    return { did, handle, didDoc, pdsUrl: pdsOf(didDoc) };
  }

  async handleToDid(handle: string): Promise<string> {
    // Both ways start at once; the well-known answer may fail while DNS is still being asked, so it
    // is marked handled from the start (an unhandled rejection would end the process).
    const viaHttp = startedEarly(this.wellKnownDid(handle));
    if (handle.endsWith(DNS_FREE_SUFFIX)) return viaHttp;
    // Either way may be how the handle is set up: DNS first, the well-known address otherwise.
    // Stryker disable next-line ArrowFunction: undefined (the mutant) and null both pass `??` to the well-known answer
    const viaDns = await this.dnsDid(handle).catch(() => null);
    return viaDns ?? viaHttp;
  }

  /** The DID document of a did:plc or did:web, checked to be about that DID. */
  async document(did: string): Promise<DidDocument> {
    if (!DID_PATTERN.test(did)) throw new IdentityUnresolvable(`${did} is not a DID this service can resolve (did:plc or did:web)`);
    const url = did.startsWith('did:plc:')
      ? `${this.options.directoryUrl.replace(/\/+$/, '')}/${did}`
      : `https://${did.slice('did:web:'.length)}/.well-known/did.json`;
    const body = await this.fetchText(url, `The document of ${did}`);
    let doc: unknown;
    try {
      doc = JSON.parse(body);
    } catch {
      throw new IdentityUnresolvable(`The document of ${did} is not JSON`);
    }
    if (!isDocument(doc) || doc.id !== did) throw new IdentityUnresolvable(`The document of ${did} is not a DID document for it`);
    return doc;
  }

  private async wellKnownDid(handle: string): Promise<string> {
    const body = (await this.fetchText(`https://${handle}/.well-known/atproto-did`, `The handle ${handle}`)).trim();
    if (!DID_PATTERN.test(body)) throw new IdentityUnresolvable(`The handle ${handle} does not name a DID`);
    return body;
  }

  private async dnsDid(handle: string): Promise<string | null> {
    const records = await this.options.fetcher.txtRecords(`_atproto.${handle}`);
    const dids = records.map((chunks) => chunks.join('')).filter((r) => r.startsWith('did=')).map((r) => r.slice(4));
    return dids.length === 1 && DID_PATTERN.test(dids[0]) ? dids[0] : null;
  }

  private async fetchText(url: string, what: string): Promise<string> {
    let response;
    try {
      response = await this.options.fetcher.guardedFetch(url, { headers: { accept: 'application/json, text/plain' }, timeoutMs: TIMEOUT_MS, maxBytes: 64 * 1024 });
    } catch (err) {
      throw new IdentityUnresolvable(`${what} could not be resolved: ${(err as Error).message}`);
    }
    if (response.status !== 200) throw new IdentityUnresolvable(`${what} could not be resolved (HTTP ${response.status})`);
    return response.body.toString('utf8');
  }
}

export function normalizeHandle(input: string): string {
  const handle = input.toLowerCase();
  if (handle.length > 253 || !HANDLE_PATTERN.test(handle)) throw new IdentityUnresolvable(`"${input.slice(0, 100)}" is not a handle or a DID`);
  return handle;
}

function isDocument(doc: unknown): doc is DidDocument {
  if (typeof doc !== 'object' || doc === null) return false;
  const d = doc as Record<string, unknown>;
  return typeof d.id === 'string' && (d.alsoKnownAs === undefined || Array.isArray(d.alsoKnownAs)) && (d.service === undefined || Array.isArray(d.service));
}

/** The handle a DID document claims (its first at:// alias), normalised. */
export function handleOf(doc: DidDocument): string | null {
  const alias = (doc.alsoKnownAs ?? []).find((a) => typeof a === 'string' && a.startsWith('at://'));
  if (!alias) return null;
  try {
    return normalizeHandle(alias.slice('at://'.length));
  } catch {
    return null;
  }
}

/** The PDS the document names (`#atproto_pds`, an http(s) origin). */
export function pdsOf(doc: DidDocument): string {
  const service = (doc.service ?? []).find(
    (s) => s && (s.id === '#atproto_pds' || s.id === `${doc.id}#atproto_pds`) && s.type === 'AtprotoPersonalDataServer',
  );
  const endpoint = typeof service?.serviceEndpoint === 'string' ? service.serviceEndpoint : null;
  let url: URL | null = null;
  try {
    url = endpoint ? new URL(endpoint) : null;
  } catch {
    url = null;
  }
  if (!url || (url.protocol !== 'https:' && url.protocol !== 'http:')) throw new IdentityUnresolvable(`The document of ${doc.id} names no service`);
  return url.origin;
}
