import Fastify from 'fastify';

// The in-run ceiling: a bare Fastify route with a response schema, nothing else.
const app = Fastify({ logger: false });
app.get('/', { schema: { response: { 200: { type: 'object', properties: { ok: { type: 'boolean' } } } } } }, async () => ({ ok: true }));
// A body of BARE_BYTES bytes made once (bench/tails.ts: the same size as a large answer, to tell
// the server's share of its latency from the client's and the socket's).
const body = Buffer.alloc(Number(process.env.BARE_BYTES ?? 0), 'a');
app.get('/bytes', async (_req, reply) => reply.type('application/json').send(body));
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
process.stdout.write(`listening on http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}\n`);
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
