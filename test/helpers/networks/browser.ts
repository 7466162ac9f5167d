import type { FastifyInstance } from 'fastify';

// A browser for OAuth round trips: it keeps the cookies the service sets (as a browser would for
// PUBLIC_URL) and follows redirects by hand, hop by hop: the service through app.inject, the
// stand-in providers (127.0.0.2) over real HTTP. It stops at the first address that is neither.

export interface Hop {
  url: string;
  status: number;
  location: string | null;
}

export class Browser {
  readonly cookies = new Map<string, string>();

  constructor(
    private readonly app: FastifyInstance,
    private readonly publicUrl = 'http://localhost:3000',
  ) {}

  get cookie(): string {
    return [...this.cookies].map(([n, v]) => `${n}=${v}`).join('; ');
  }

  /** Starts with the service's session cookie of another test helper (`service-session=...`). */
  withSession(cookie: string): this {
    const [name, value] = cookie.split('=');
    this.cookies.set(name, value);
    return this;
  }

  /** One request, without following its redirect. */
  async visit(url: string, headers: Record<string, string> = {}): Promise<Hop & { body: string }> {
    const absolute = url.startsWith('/') ? `${this.publicUrl}${url}` : url;
    if (absolute.startsWith(`${this.publicUrl}/`)) {
      const res = await this.app.inject({ method: 'GET', url: absolute.slice(this.publicUrl.length), headers: { ...headers, ...(this.cookies.size ? { cookie: this.cookie } : {}) } });
      for (const c of res.cookies) {
        const expired = c.maxAge === 0 || (c.expires instanceof Date && c.expires.getTime() <= Date.now());
        if (expired) this.cookies.delete(c.name);
        else this.cookies.set(c.name, c.value);
      }
      return { url: absolute, status: res.statusCode, location: (res.headers.location as string | undefined) ?? null, body: res.body };
    }
    if (!new URL(absolute).hostname.startsWith('127.')) throw new Error(`the test browser goes to loopback only, not ${absolute}`);
    const res = await fetch(absolute, { redirect: 'manual', headers });
    return { url: absolute, status: res.status, location: res.headers.get('location'), body: await res.text() };
  }

  /** Follows redirects from `url` until an answer that is not one to the service or a stand-in; answers every hop. */
  async follow(url: string, headers: Record<string, string> = {}): Promise<Hop[]> {
    const hops: Hop[] = [];
    let next: string | null = url;
    while (next !== null && hops.length < 8) {
      const hop = await this.visit(next, hops.length === 0 ? headers : {});
      hops.push(hop);
      const location = hop.location === null ? null : new URL(hop.location, hop.url).toString();
      const inside = location !== null && (location.startsWith(`${this.publicUrl}/api/`) || new URL(location).hostname === '127.0.0.2');
      if (!inside) break;
      next = location;
    }
    return hops;
  }

  /** The last redirect of an OAuth round trip: where the browser lands, parsed. */
  async roundTrip(authorizePath: string): Promise<{ landing: URL; hops: Hop[] }> {
    const hops = await this.follow(authorizePath);
    const last = hops[hops.length - 1];
    if (!last.location) throw new Error(`the round trip ended without a redirect: ${last.status} ${'body' in last ? (last as { body: string }).body : ''}`);
    return { landing: new URL(last.location, last.url), hops };
  }
}
