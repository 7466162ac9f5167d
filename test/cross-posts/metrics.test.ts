import { describe, expect, it } from 'vitest';
import { call } from '../messages/helpers.js';
import { createPost, ledgerOf, linkedSubscriber, settle, useWorld } from './support.js';

// GET /metrics' deliveries (CONTRACT, operator probes: "deliveries by network and outcome"): the
// cross-posts feature's gauge, read from the delivery ledger at each scrape, labelled by network
// and status only.

const TOKEN = 'metrics-token-for-cross-posts';
const w = useWorld({ METRICS_TOKEN: TOKEN });

async function scrape(): Promise<string> {
  const res = await w.t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
  return res.body;
}

/** The cross_post_deliveries series of a scrape, as `{labels} value` lines. */
const deliverySeries = (text: string) => text.split('\n').filter((line) => line.startsWith('cross_post_deliveries{'));

describe('GET /metrics: cross_post_deliveries{network,status}', () => {
  it('counts a delivered and a failed delivery by network and status, read again at each scrape', async () => {
    const l = await linkedSubscriber(w);
    expect(deliverySeries(await scrape())).toEqual([]);

    w.c.fail('post', { status: 400, json: { message: 'refused' } });
    const body = await createPost(w, l.who, { content: 'counted', crossPostToNetworkC: true, crossPostToNetworkD: true });
    await settle(w);
    expect((await ledgerOf(w, l.who, body.data.id)).map((e) => [e.platform, e.status, e.errorCode])).toEqual([
      ['networkC', 'failed', expect.any(String)],
      ['networkD', 'ok', null],
    ]);

    const text = await scrape();
    expect(text).toContain('# TYPE cross_post_deliveries gauge');
    expect(deliverySeries(text).sort()).toEqual(['cross_post_deliveries{network="networkC",status="failed"} 1', 'cross_post_deliveries{network="networkD",status="ok"} 1']);
    // Network and status only: no error code, user, message or delivery in any label.
    expect(text).not.toMatch(/cross_post_deliveries\{[^}]*(error|user|message|id)/);
    expect(text).not.toContain(body.data.id);
    expect(text).not.toContain(l.who.user.id);

    // A second post adds to its series; the retried failure moves from failed to ok and the failed series leaves.
    await createPost(w, l.who, { content: 'counted again', crossPostToNetworkD: true });
    await settle(w);
    const retried = await call(w.t, l.who, 'POST', `/api/messages/${body.data.id}/cross-posts/retry`);
    expect(retried.statusCode, retried.body).toBe(202);
    await settle(w);
    expect(deliverySeries(await scrape()).sort()).toEqual(['cross_post_deliveries{network="networkC",status="ok"} 1', 'cross_post_deliveries{network="networkD",status="ok"} 2']);
  });
});
