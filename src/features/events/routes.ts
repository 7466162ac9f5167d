import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { requireUser } from '../../http/auth.js';
import { AppError, tooManyRequests } from '../../http/errors.js';
import { hook } from '../../http/guards.js';
import { described, EITHER_AUTH, errors } from '../../http/schemas.js';
import { EventsPage, EventsQuery, StreamQuery } from './schemas.js';
import { streamCursor } from './cursor.js';
import { endAllStreams, openStream, pullEvents } from './service.js';

// GET /api/events (pull) and GET /api/events/stream (the live stream, Server-Sent Events).

const tags = ['events'];

export const eventRoutes: FastifyPluginAsyncTypebox = async (app) => {
  // Open streams would keep the server from closing: they end first.
  app.addHook('preClose', async () => endAllStreams(app.ctx));

  app.get(
    '/api/events',
    {
      preValidation: hook(requireUser),
      schema: {
        operationId: 'pullEvents',
        tags,
        summary: 'Your events after a cursor (pull)',
        description:
          'Your stream in seq order: your own writes, your home timeline, your notifications, the lists and documents you own or that are shared with you. `after` is required (`0`: the oldest retained). A cursor below the retained window: 410 `cursor_too_old` with `oldestSeq` and `headSeq` (refetch over the API, then pull from `headSeq`); past the head: 409 `cursor_ahead` with `headSeq`. Events are kept 7 days or the newest 10,000, whichever keeps fewer.',
        security: EITHER_AUTH,
        querystring: EventsQuery,
        response: { 200: described(EventsPage, 'Events after the cursor'), ...errors(400, 401, 409, 410) },
      },
    },
    async (request) => {
      const { user } = await requireUser(request);
      return pullEvents(request.ctx, user.id, request.query);
    },
  );

  app.get(
    '/api/events/stream',
    {
      preValidation: hook(requireUser),
      schema: {
        operationId: 'eventStream',
        tags,
        summary: 'Your events as they happen (Server-Sent Events)',
        description:
          'Send `Accept: text/event-stream` (else 406 `not_acceptable`). First a `retry:` line, then `event: ready` with `{ seq, oldestSeq }`, then each event as `event: <type>`, `id: <seq>`, `data: <envelope>`; a comment `: hb` every 15 s. Resume with `Last-Event-ID` (or `?after=<seq>`): up to 1,000 missed events are replayed; a cursor too old, too far behind or ahead gets `event: resync` with `{ reason, seq, oldestSeq }` and the stream goes on live from the head (refetch over the API). A malformed cursor: 400 `invalid_cursor`. At most 5 streams per user (429 `too_many_streams`); a stream ends after about 30 minutes, and at once when its session or token ends; a client with over 256 KiB unsent is disconnected. Reconnect with your cursor.',
        security: EITHER_AUTH,
        querystring: StreamQuery,
        response: {
          200: { description: 'The event stream', content: { 'text/event-stream': { schema: { type: 'string' as const } } } },
          ...errors(400, 401, 406, 429),
        },
      },
    },
    async (request, reply) => {
      if (!(request.headers.accept ?? '').includes('text/event-stream')) throw new AppError(406, 'This endpoint answers text/event-stream only', 'not_acceptable');
      const caller = await requireUser(request);
      const cursor = streamCursor(request.headers['last-event-id'], request.query.after);
      const opened = openStream(request.ctx, caller, cursor, reply.raw);
      if (opened === null) throw tooManyRequests(30, 'At most 5 event streams are open per user', 'too_many_streams');
      reply.hijack();
      await opened();
    },
  );
};
