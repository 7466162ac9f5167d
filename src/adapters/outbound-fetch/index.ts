import { resolveTxt } from 'node:dns/promises';
import type { Config } from '../../config.js';
import { AddressPolicy } from './address-policy.js';
import { guardedFetch, KeptAgents, systemResolver, vetUrl, type GuardedFetchSettings, type GuardedRequest, type GuardedResponse, type Resolver } from './guarded-fetch.js';
import { DEFAULT_MAX_CHARS, isReadableType, READABLE_ACCEPT, readableText, type ReadableText } from './readable-text.js';

export { OutboundRefusedError, type OutboundRefusalReason } from './errors.js';
export { MAX_REDIRECTS, type GuardedRequest, type GuardedResponse, type ResolvedAddress, type Resolver } from './guarded-fetch.js';
export { DEFAULT_MAX_CHARS, type ReadableText } from './readable-text.js';

// The one way the service fetches a URL that a user supplied (research URLs, outside networks'
// instances, image proxying): every such fetch goes through an OutboundFetcher, which refuses
// private and reserved addresses however they are spelt or reached (see guarded-fetch.ts).
// Every failure is an OutboundRefusedError with a reason.

export interface OutboundFetcherOptions {
  /** CIDR strings that may be reached although private (config.outbound.allowedPrivateAddresses). */
  allowedPrivateAddresses: readonly string[];
  timeoutMs: number;
  maxBytes: number;
  userAgent: string;
  /** Name resolution (default: the system's, every address of the name). */
  resolver?: Resolver;
  /** TXT records of a name (default: the system's DNS); injectable like the resolver, so tests ask no DNS server. */
  txtResolver?: TxtResolver;
  /** Trusted certificate authorities instead of the system's (tests). */
  ca?: string;
}

/** The TXT records of a name, each as its character-string chunks. */
export type TxtResolver = (name: string) => Promise<string[][]>;

export class OutboundFetcher {
  private readonly settings: GuardedFetchSettings;
  private readonly txtResolver: TxtResolver;

  constructor(options: OutboundFetcherOptions) {
    this.txtResolver = options.txtResolver ?? resolveTxt;
    this.settings = {
      policy: new AddressPolicy(options.allowedPrivateAddresses),
      timeoutMs: options.timeoutMs,
      maxBytes: options.maxBytes,
      userAgent: options.userAgent,
      resolver: options.resolver ?? systemResolver,
      ca: options.ca,
    };
  }

  /** Status, headers and the whole body (at most the byte cap) of the final answer, whatever its status. */
  guardedFetch(url: string | URL, init?: GuardedRequest): Promise<GuardedResponse> {
    return guardedFetch(this.settings, url, init);
  }

  private kept: KeptAgents | null = null;

  /**
   * As guardedFetch, over connections kept open per origin between calls (each new connection
   * checked as a first hop is): for sending to the same receiver again and again (webhooks).
   */
  keptAliveFetch(url: string | URL, init: Omit<GuardedRequest, 'keptAlive'> = {}): Promise<GuardedResponse> {
    this.kept ??= new KeptAgents(this.settings);
    return guardedFetch(this.settings, url, { ...init, keptAlive: this.kept });
  }

  /** Closes the kept connections (the app is closing). */
  async close(): Promise<void> {
    const kept = this.kept;
    this.kept = null;
    await kept?.close();
  }

  /**
   * Checks a URL that will be fetched later (a webhook's) as a fetch's first hop is checked;
   * answers whether it reaches only addresses listed in ALLOWED_PRIVATE_ADDRESSES. An
   * OutboundRefusedError when the guard would refuse it.
   */
  vetUrl(url: string): Promise<{ url: URL; listedOnly: boolean }> {
    return vetUrl(this.settings, url);
  }

  /** The TXT records of a name that a user supplied (a networkB handle's `_atproto` record). */
  txtRecords(name: string): Promise<string[][]> {
    return this.txtResolver(name);
  }

  /**
   * A page as text for a prompt: a 2xx answer of HTML (made readable) or plain text, cut to
   * `maxChars`; a body over the byte cap is read up to the cap, not refused.
   */
  async fetchReadableText(url: string | URL, options: { maxChars?: number; timeoutMs?: number; signal?: AbortSignal } = {}): Promise<ReadableText> {
    const response = await this.guardedFetch(url, {
      headers: { accept: READABLE_ACCEPT },
      overflow: 'truncate',
      acceptContentType: isReadableType,
      timeoutMs: options.timeoutMs,
      signal: options.signal,
    });
    return readableText(response, options.maxChars ?? DEFAULT_MAX_CHARS);
  }
}

/** The fetcher the configuration describes. */
export function createOutboundFetcher(config: Config, extra: { resolver?: Resolver; txtResolver?: TxtResolver; ca?: string } = {}): OutboundFetcher {
  return new OutboundFetcher({
    ...config.outbound,
    userAgent: `SocialListsService/0.1 (+${config.publicUrl})`,
    ...extra,
  });
}
