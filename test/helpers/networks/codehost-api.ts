import { createHash } from 'node:crypto';
import type http from 'node:http';
import { LoopbackPages, type PageHit } from '../loopback-pages.js';

// A code host's REST API in miniature (GitHub-style), on 127.0.0.2 for tests that list that
// address in ALLOWED_PRIVATE_ADDRESSES. It checks what the real one checks: the Bearer token
// (401 otherwise), answers each listing with an ETag and a 304 to a matching If-None-Match (which
// costs no rate limit), pages with `per_page`/`page` and `Link` headers, and mixes pull requests
// into a repository's issues. It can be told to fail: 500, a 403 rate limit with its reset
// header, or answering too slowly.

export interface RepoItem {
  full_name: string;
  description: string | null;
  html_url: string;
  language: string | null;
  stargazers_count: number;
  updated_at: string;
}

export interface IssueItem {
  number: number;
  title: string;
  state: 'open' | 'closed';
  labels: { name: string }[];
  html_url: string;
  user: { login: string };
  updated_at: string;
  pull_request?: { url: string };
}

export type Failure = { kind: 'error'; status: number } | { kind: 'rate_limit'; resetEpochSeconds: number } | { kind: 'slow'; ms: number };

interface Account {
  login: string;
  repos: RepoItem[];
  starred: RepoItem[];
}

export function repo(owner: string, name: string, over: Partial<RepoItem> = {}): RepoItem {
  return {
    full_name: `${owner}/${name}`,
    description: `The ${name} project`,
    html_url: `https://codehost.example/${owner}/${name}`,
    language: 'TypeScript',
    stargazers_count: 3,
    updated_at: '2024-05-01T10:00:00Z',
    ...over,
  };
}

export function issue(repository: string, n: number, over: Partial<IssueItem> = {}): IssueItem {
  return {
    number: n,
    title: `Issue ${n}`,
    state: 'open',
    labels: [{ name: 'bug' }],
    html_url: `https://codehost.example/${repository}/issues/${n}`,
    user: { login: 'reporter' },
    updated_at: '2024-05-02T10:00:00Z',
    ...over,
  };
}

export function pullRequest(repository: string, n: number): IssueItem {
  return { ...issue(repository, n, { title: `Pull request ${n}` }), html_url: `https://codehost.example/${repository}/pull/${n}`, pull_request: { url: `https://codehost.example/${repository}/pulls/${n}` } };
}

export class CodehostApi extends LoopbackPages {
  private readonly accounts = new Map<string, Account>();
  private readonly issues = new Map<string, IssueItem[]>();
  private readonly routes: Record<string, (req: http.IncomingMessage, res: http.ServerResponse, hit: PageHit) => void>;
  /** Requests that were counted against the rate limit (everything but 304s and refusals). */
  rateLimitUsed = 0;
  failure: Failure | null = null;
  /** The most items a page holds, whatever per_page asks (the real API may serve fewer); null: per_page's. */
  pageCap: number | null = null;

  constructor() {
    // The routes object stays the server's: issues routes are added to it as repositories are set.
    const routes: Record<string, (req: http.IncomingMessage, res: http.ServerResponse, hit: PageHit) => void> = {};
    super('127.0.0.2', routes);
    this.routes = routes;
    routes['/user/repos'] = (req, res) => this.listing(req, res, (a) => a.repos);
    routes['/user/starred'] = (req, res) => this.listing(req, res, (a) => a.starred);
  }

  /** The origin to set as CODEHOST_API_URL. */
  get origin(): string {
    return new URL(this.url('/')).origin;
  }

  /** An account whose token is `token`. */
  account(token: string, login: string, data: { repos?: RepoItem[]; starred?: RepoItem[] } = {}): Account {
    const account = { login, repos: data.repos ?? [], starred: data.starred ?? [] };
    this.accounts.set(token, account);
    return account;
  }

  revoke(token: string): void {
    this.accounts.delete(token);
  }

  /** A repository's issues (pull requests among them) as its listing answers them. */
  setIssues(repository: string, items: IssueItem[]): void {
    this.issues.set(repository, items);
    this.routes[`/repos/${repository}/issues`] = (req, res) => this.listing(req, res, () => this.issues.get(repository) ?? []);
  }

  private listing(req: http.IncomingMessage, res: http.ServerResponse, items: (a: Account) => unknown[]): void {
    const failure = this.failure;
    if (failure?.kind === 'slow') {
      setTimeout(() => this.answer(req, res, items), failure.ms);
      return;
    }
    this.answer(req, res, items);
  }

  private answer(req: http.IncomingMessage, res: http.ServerResponse, items: (a: Account) => unknown[]): void {
    const json = (status: number, body: unknown, headers: Record<string, string> = {}) => {
      if (!res.destroyed) res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', ...headers }).end(JSON.stringify(body));
    };
    const auth = req.headers.authorization ?? '';
    const account = auth.startsWith('Bearer ') ? this.accounts.get(auth.slice(7)) : undefined;
    if (!account) return json(401, { message: 'Bad credentials' });
    const failure = this.failure;
    if (failure?.kind === 'error') return json(failure.status, { message: 'Server Error' });
    if (failure?.kind === 'rate_limit') {
      return json(403, { message: 'API rate limit exceeded' }, { 'x-ratelimit-limit': '5000', 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': String(failure.resetEpochSeconds) });
    }
    const all = items(account);
    const etag = `"${createHash('sha256').update(JSON.stringify(all)).digest('hex').slice(0, 20)}"`;
    const url = new URL(req.url ?? '/', this.origin);
    const perPage = Math.min(100, this.pageCap ?? 100, Number(url.searchParams.get('per_page') ?? 30));
    const page = Math.max(1, Number(url.searchParams.get('page') ?? 1));
    // The ETag names the whole listing here; a 304 costs no rate limit (the real API's rule).
    if (page === 1 && req.headers['if-none-match'] === etag) {
      res.writeHead(304, { etag }).end();
      return;
    }
    this.rateLimitUsed += 1;
    const last = Math.max(1, Math.ceil(all.length / perPage));
    const link = (p: number, rel: string) => {
      const u = new URL(url);
      u.searchParams.set('page', String(p));
      return `<${u.href}>; rel="${rel}"`;
    };
    const links = page < last ? [link(page + 1, 'next'), link(last, 'last')] : [];
    json(200, all.slice((page - 1) * perPage, page * perPage), { etag, ...(links.length > 0 ? { link: links.join(', ') } : {}) });
  }
}
