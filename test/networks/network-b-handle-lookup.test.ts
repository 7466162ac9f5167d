import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { IdentityUnresolvable, NetworkBIdentityResolver } from '../../src/adapters/networks/network-b/identity.js';
import type { TxtResolver } from '../../src/adapters/outbound-fetch/index.js';
import { LoopbackPages } from '../helpers/loopback-pages.js';
import { NetworkBStandIn, STAND_IN_HOST } from '../helpers/networks/network-b.js';

// A networkB handle outside `.test` names its DID two ways, asked at once: the DNS TXT record
// `_atproto.<handle>` ("did=<did>") and `https://<handle>/.well-known/atproto-did`. DNS wins when it
// names exactly one valid DID; otherwise the well-known answer counts. The TXT records come from
// the outbound fetcher's injectable resolver (no test asks a DNS server); the handle's web server
// is a loopback page standing in for a public site.

const HANDLE = 'dns.example';
const DNS_DID = 'did:plc:dddddddddddddddddddddddd';
const WEB_DID = 'did:plc:wwwwwwwwwwwwwwwwwwwwwwww';

let standIn: NetworkBStandIn;
let site: LoopbackPages;
/** What the handle's web server answers at its well-known address (a status and a body). */
let wellKnown: { status: number; body: string };

beforeAll(async () => {
  standIn = await new NetworkBStandIn().start();
  site = await new LoopbackPages(STAND_IN_HOST, {
    '/.well-known/atproto-did': (_req, res) => res.writeHead(wellKnown.status, { 'content-type': 'text/plain' }).end(wellKnown.body),
  }).start();
});
afterAll(async () => {
  await standIn.stop();
  await site.stop();
});

const unhandled: unknown[] = [];
const record = (reason: unknown) => unhandled.push(reason);
afterEach(() => {
  process.off('unhandledRejection', record);
  unhandled.length = 0;
});

/** A resolver whose TXT lookups answer `txt`, recording the names asked. */
function resolverWith(txt: TxtResolver) {
  const asked: string[] = [];
  const resolver = new NetworkBIdentityResolver({
    fetcher: standIn.mappingFetcher({ [HANDLE]: `http://${STAND_IN_HOST}:${site.port}` }, (name) => {
      asked.push(name);
      return txt(name);
    }),
    directoryUrl: standIn.directoryUrl,
  });
  return { resolver, asked };
}

const records = (...values: string[][]) => async () => values;

describe('networkB handle → DID', () => {
  it('takes the DID of the TXT record, asked at _atproto.<handle>, even when the well-known address fails', async () => {
    wellKnown = { status: 404, body: 'not here' };
    const { resolver, asked } = resolverWith(records([`did=${DNS_DID}`]));
    expect(await resolver.handleToDid(HANDLE)).toBe(DNS_DID);
    expect(asked).toEqual([`_atproto.${HANDLE}`]);
  });

  it('joins a record’s character strings, and ignores records that are not did= ones', async () => {
    wellKnown = { status: 200, body: WEB_DID };
    const { resolver } = resolverWith(records(['v=spf1 -all'], ['did=did:plc:', 'dddddddddddddddddddddddd'], ['other=did:plc:xxxxxxxxxxxxxxxxxxxxxxxx']));
    expect(await resolver.handleToDid(HANDLE)).toBe(DNS_DID);
  });

  it('falls back to the well-known address when DNS names no DID, two DIDs, an invalid one, or fails', async () => {
    wellKnown = { status: 200, body: `${WEB_DID}\n` };
    for (const txt of [
      records(),
      records(['v=spf1 -all']),
      records([`did=${DNS_DID}`], ['did=did:plc:eeeeeeeeeeeeeeeeeeeeeeee']),
      records(['did=did:key:z6MkhaXgBZDvotDkL5257faiztiGiC2QtKLGpbnnEGta2doK']),
      records([`xdid=${DNS_DID}`]),
      async () => Promise.reject(Object.assign(new Error('queryTxt ENOTFOUND'), { code: 'ENOTFOUND' })),
    ]) {
      const { resolver } = resolverWith(txt);
      expect(await resolver.handleToDid(HANDLE)).toBe(WEB_DID);
    }
  });

  it('refuses a handle neither way names a DID for, with the well-known address’s reason', async () => {
    wellKnown = { status: 200, body: 'not a did' };
    const { resolver } = resolverWith(records());
    await expect(resolver.handleToDid(HANDLE)).rejects.toThrow(new IdentityUnresolvable(`The handle ${HANDLE} does not name a DID`));
  });

  it('a well-known failure while DNS is still being asked is no unhandled rejection (it ended the process)', async () => {
    process.on('unhandledRejection', record);
    wellKnown = { status: 500, body: 'down' };
    const before = site.hits.length;
    // DNS answers only once the well-known request has failed, and a few turns have passed.
    const { resolver } = resolverWith(async () => {
      while (site.hits.length === before) await new Promise((r) => setTimeout(r, 5));
      for (let i = 0; i < 20; i++) await new Promise((r) => setImmediate(r));
      return [[`did=${DNS_DID}`]];
    });
    const lookups = await Promise.all(Array.from({ length: 5 }, () => resolver.handleToDid(HANDLE)));
    expect(lookups).toEqual(Array(5).fill(DNS_DID));
    await new Promise((r) => setImmediate(r));
    expect(unhandled).toEqual([]);
  });

  it('never asks DNS for a name under .test (reserved: no public DNS has it)', async () => {
    const alice = standIn.addAccount('alice.test');
    const { resolver, asked } = resolverWith(records([`did=${DNS_DID}`]));
    expect(await resolver.handleToDid('alice.test')).toBe(alice.did);
    expect(asked).toEqual([]);
  });
});
