import type autocannon from 'autocannon';
import { BENCH_PASSWORD, type Seeded } from './seed.js';

type Measure<F> = (name: string, opts: autocannon.Options) => Promise<F>;

/** The account endpoints: the current user by cookie and by Bearer token, and login. */
export async function accountFigures<F>(m: Measure<F>, base: string, seeded: Seeded): Promise<F[]> {
  return [
    await m('GET /api/user (session cookie)', { url: `${base}/api/user`, headers: { cookie: `service-session=${seeded.sessionToken}` } }),
    await m('GET /api/user (Bearer sync token)', { url: `${base}/api/user`, headers: { authorization: `Bearer ${seeded.syncToken}` } }),
    // Login is bound by Argon2id at OWASP parameters (19 MiB, by design slow): few connections.
    await m('POST /api/auth/login', {
      url: `${base}/api/auth/login`,
      method: 'POST',
      connections: 2,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: seeded.email, password: BENCH_PASSWORD }),
    }),
  ];
}
