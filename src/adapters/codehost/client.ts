import { onFirstUse } from '../../lib/load-on-first-use.js';
import { retryAfterMs } from '../networks/classify.js';

// The code host's REST API (GitHub-style), read through @octokit/rest pointed at CODEHOST_API_URL
// with the guarded fetch function, so the SSRF guard, time budget and body cap hold for it. One
// listing is one conditional request (`If-None-Match` with the ETag of the last good listing: a
// 304 costs no rate limit) and, when it changed, the `Link: rel="next"` pages to the end, or to
// MAX_PAGES (the listing then says `truncated`, for the caller to record). Pull requests come back
// with a repository's issues and are left out here.

export type CodehostKind = 'repositories' | 'issues' | 'starred';

export interface CodehostRepository {
  fullName: string;
  description: string | null;
  htmlUrl: string;
  language: string | null;
  stars: number;
  updatedAt: string | null;
}

export interface CodehostIssue {
  number: number;
  title: string;
  state: string;
  labels: string[];
  htmlUrl: string;
  author: string | null;
  updatedAt: string | null;
}

export type CodehostItem = CodehostRepository | CodehostIssue;

/** `truncated`: the listing went on past MAX_PAGES pages (a `next` link was left unfollowed). */
export type CodehostListing = { notModified: true } | { notModified: false; etag: string | null; items: CodehostItem[]; pages: number; truncated: boolean };

/**
 * A listing that failed. `unauthorized`: the token was refused (401). `unavailable`: the provider
 * failed or is out of rate limit (5xx, a 403 or 429 rate limit, a timeout, unreachable); try again
 * later, after `retryAfterMs` when it says. `refused`: any other answer (a repository gone: 404).
 */
export class CodehostError extends Error {
  constructor(
    message: string,
    readonly kind: 'unauthorized' | 'unavailable' | 'refused',
    readonly status: number | null = null,
    readonly retryAfterMs: number | null = null,
  ) {
    super(message);
  }
}

/** Pages followed at most per listing (100 items each): a bound on one sync's work. */
export const MAX_PAGES = 100;
const PER_PAGE = 100;

const PATHS: Record<CodehostKind, string> = {
  repositories: '/user/repos',
  starred: '/user/starred',
  issues: '/repos/{owner}/{repo}/issues',
};

export interface CodehostClientOptions {
  /** The API origin (CODEHOST_API_URL). */
  baseUrl: string;
  /** A fetch over the guarded outbound fetcher (guardedFetchFunction). */
  fetch: typeof fetch;
  maxPages?: number;
  now?: () => number;
}

type RawItem = Record<string, unknown>;

const str = (v: unknown): string | null => (typeof v === 'string' && v !== '' ? v : null);

function toRepository(raw: RawItem): CodehostRepository {
  return {
    fullName: String(raw.full_name ?? raw.name ?? ''),
    description: str(raw.description),
    htmlUrl: String(raw.html_url ?? ''),
    language: str(raw.language),
    stars: Number(raw.stargazers_count ?? 0),
    updatedAt: str(raw.updated_at),
  };
}

function toIssue(raw: RawItem): CodehostIssue {
  const labels = Array.isArray(raw.labels) ? raw.labels.map((l) => (typeof l === 'string' ? l : str((l as RawItem)?.name))).filter((l): l is string => l !== null) : [];
  const user = raw.user as RawItem | null | undefined;
  return {
    number: Number(raw.number),
    title: String(raw.title ?? ''),
    state: String(raw.state ?? 'open'),
    labels,
    htmlUrl: String(raw.html_url ?? ''),
    author: str(user?.login),
    updatedAt: str(raw.updated_at),
  };
}

/** The `rel="next"` target of a Link header. */
export function nextLink(link: string | undefined): string | null {
  if (!link) return null;
  for (const part of link.split(',')) {
    const m = /<([^>]+)>\s*;\s*rel="?([^";]+)"?/.exec(part.trim());
    if (m && m[2].split(/\s+/).includes('next')) return m[1];
  }
  return null;
}

interface Failure {
  status: number;
  response?: { headers: Record<string, string | undefined> };
  message: string;
}

const isFailure = (err: unknown): err is Failure => typeof err === 'object' && err !== null && typeof (err as { status?: unknown }).status === 'number';

function classify(err: unknown, now: number): CodehostError {
  if (!isFailure(err)) return new CodehostError('The code host could not be reached', 'unavailable');
  const headers = err.response?.headers ?? {};
  const { status } = err;
  if (status === 401) return new CodehostError('The code host refused the access token', 'unauthorized', status);
  // A fetch that never got an answer (timeout, refused connection) comes back from octokit as a 500 without a response.
  if (!err.response) return new CodehostError('The code host could not be reached', 'unavailable');
  const rateLimited = status === 429 || (status === 403 && (headers['x-ratelimit-remaining'] === '0' || headers['retry-after'] !== undefined));
  if (rateLimited) return new CodehostError('The code host rate limit is used up', 'unavailable', status, retryAfterMs(headers, now));
  if (status >= 500 || status === 408) return new CodehostError(`The code host answered ${status}`, 'unavailable', status);
  return new CodehostError(`The code host answered ${status}`, 'refused', status);
}

export interface CodehostClient {
  /** The items of a source, or notModified when its ETag still holds. Throws CodehostError. */
  list(input: { kind: CodehostKind; repository: string | null; etag: string | null; token: string }): Promise<CodehostListing>;
}

/** @octokit/rest, loaded with the first call to the code host (lib/load-on-first-use.ts); the codehost sign-in uses it too. */
export const octokitLibrary = onFirstUse(() => import('@octokit/rest'));

export function createCodehostClient(options: CodehostClientOptions): CodehostClient {
  const origin = new URL(options.baseUrl).origin;
  const maxPages = options.maxPages ?? MAX_PAGES;
  const now = options.now ?? Date.now;
  return {
    async list({ kind, repository, etag, token }) {
      const { Octokit } = await octokitLibrary();
      const octokit = new Octokit({
        baseUrl: origin,
        request: { fetch: options.fetch },
        log: { debug: () => {}, info: () => {}, warn: () => {}, error: () => {} },
      });
      // On every request rather than through octokit's `auth` (which sends a `token` prefix): Bearer is the form OAuth tokens are documented with.
      const authorization = `Bearer ${token}`;
      const [owner, repo] = (repository ?? '/').split('/');
      const toItem = kind === 'issues' ? toIssue : toRepository;
      const items: CodehostItem[] = [];
      let pages = 0;
      let firstEtag: string | null = null;
      let truncated = false;
      try {
        let response = await octokit.request(`GET ${PATHS[kind]}`, {
          per_page: PER_PAGE,
          // A repository's issues, open and closed (the list has a state column).
          ...(kind === 'issues' ? { owner, repo, state: 'all' } : {}),
          headers: { authorization, ...(etag ? { 'if-none-match': etag } : {}) },
        });
        firstEtag = response.headers.etag ?? null;
        for (;;) {
          pages += 1;
          for (const raw of response.data as RawItem[]) {
            // The issues listing mixes in pull requests; they are not issues here.
            if (kind === 'issues' && raw.pull_request !== undefined) continue;
            items.push(toItem(raw));
          }
          const next = nextLink(response.headers.link);
          if (next === null) break;
          if (pages >= maxPages) {
            truncated = true;
            break;
          }
          // The token goes only to the API's own origin, whatever a Link header names.
          if (new URL(next, origin).origin !== origin) throw new CodehostError('The code host paginated to another origin', 'refused');
          response = await octokit.request({ method: 'GET', url: new URL(next, origin).href, headers: { authorization } });
        }
      } catch (err) {
        if (err instanceof CodehostError) throw err;
        if (isFailure(err) && err.status === 304) return { notModified: true };
        throw classify(err, now());
      }
      return { notModified: false, etag: firstEtag, items, pages, truncated };
    },
  };
}
