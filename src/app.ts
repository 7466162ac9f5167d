import { randomUUID } from 'node:crypto';
import cookie from '@fastify/cookie';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyServerOptions } from 'fastify';
import { createBlobStore, type BlobStore } from './adapters/blob-store.js';
import { LogMailer, SmtpMailer, type Mailer } from './adapters/mailer.js';
import { createPush, type PushSender } from './adapters/push/index.js';
import type { Config } from './config.js';
import type { AppContext } from './runtime/context.js';
import type { Db } from './db/connection.js';
import { adminRoutes } from './features/admin/routes.js';
import { ADMIN_COMPONENTS } from './features/admin/schemas.js';
import { authRoutes } from './features/auth/routes.js';
import { listRoutes } from './features/lists/routes.js';
import { LIST_COMPONENTS } from './features/lists/schemas.js';
import { cronRoutes } from './http/cron-routes.js';
import { exportRoutes } from './features/exports/routes.js';
import { registerJobHandlers } from './runtime/jobs/handlers.js';
import { JobRunner } from './runtime/jobs/runner.js';
import { followRoutes } from './features/follows/routes.js';
import { FOLLOW_COMPONENTS } from './features/follows/schemas.js';
import { mediaRoutes } from './features/media/routes.js';
import { MEDIA_COMPONENTS } from './features/media/schemas.js';
import { messageRoutes } from './features/messages/routes.js';
import { MESSAGE_COMPONENTS } from './features/messages/schemas.js';
import { documentRoutes } from './features/documents/routes.js';
import { DOCUMENT_COMPONENTS } from './features/documents/schemas.js';
import { notificationRoutes } from './features/notifications/routes.js';
import { NOTIFICATION_COMPONENTS } from './features/notifications/schemas.js';
import { blockRoutes } from './features/blocks/routes.js';
import { BLOCK_COMPONENTS } from './features/blocks/schemas.js';
import { directMessageRoutes } from './features/direct-messages/routes.js';
import { DIRECT_MESSAGE_COMPONENTS } from './features/direct-messages/schemas.js';
import { pageRoutes } from './http/pages/routes.js';
import { platformRoutes } from './http/platform-routes.js';
import { userRoutes } from './features/users/routes.js';
import { USER_COMPONENTS } from './features/users/schemas.js';
import { checkOrigin } from './http/auth.js';
import { registerErrorHandling } from './http/errors.js';
import { registerIdempotency } from './http/idempotency.js';
import { registerInputGuard } from './http/input-guard.js';
import { registerComponents, registerOpenApi } from './http/openapi.js';
import { SHARED_COMPONENTS } from './http/schemas.js';
import { registerRequestContext, serializeRequest } from './http/request-log.js';
import { registerValidation } from './http/validation.js';
import { systemClock, type Clock } from './lib/clock.js';
import { PasswordHasher } from './lib/crypto.js';
import { EventDispatcher } from './runtime/events.js';

export interface AppDeps {
  db: Db;
  clock?: Clock;
  mailer?: Mailer;
  push?: PushSender;
  passwords?: PasswordHasher;
  /** Blob storage (default: the store config.blobStore names). */
  blobs?: BlobStore;
  /** Domain events (default: a new dispatcher with no listeners). */
  events?: EventDispatcher;
  /** `false`: no logging (tests). Default: JSON lines at config.logLevel. */
  logger?: false;
  /** Where the JSON lines go (default stdout); tests pass a stream to read them. */
  logStream?: NodeJS.WritableStream;
}

const REQUEST_ID_RE = /^[A-Za-z0-9._:-]{1,128}$/;

/** Builds the Fastify instance with every plugin and feature registered; never listens. */
export async function buildApp(config: Config, deps: AppDeps): Promise<FastifyInstance> {
  const options: FastifyServerOptions = {
    logger:
      deps.logger === false ? false : (
        {
          level: config.logLevel,
          serializers: { req: serializeRequest },
          ...(deps.logStream ? { stream: deps.logStream } : {}),
        }
      ),
    // Fastify accepts a hop count at run time; its type omits number.
    trustProxy: config.trustProxy as FastifyServerOptions['trustProxy'],
    // A caller-supplied request id is kept when it is sane, so traces join up across services.
    genReqId: (req) => {
      const h = req.headers['x-request-id'];
      return typeof h === 'string' && REQUEST_ID_RE.test(h) ? h : randomUUID();
    },
    bodyLimit: 1024 * 1024,
    routerOptions: { ignoreTrailingSlash: true },
    // URLs the router itself refuses (malformed escapes, over-long path parameters) get the same
    // error model as everything else.
    frameworkErrors: (err, request, rawReply) => {
      const tooLong = err.code === 'FST_ERR_MAX_PARAM_LENGTH';
      const reply = rawReply as FastifyReply;
      reply
        .status(tooLong ? 414 : 400)
        .header('x-request-id', request.id)
        .send({ error: tooLong ? 'A path parameter is too long' : 'Malformed URL', code: tooLong ? 'uri_too_long' : 'bad_url' });
    },
  };
  const app = Fastify(options).withTypeProvider<TypeBoxTypeProvider>() as unknown as FastifyInstance;

  const ctx: AppContext = {
    config,
    db: deps.db,
    clock: deps.clock ?? systemClock,
    mailer: deps.mailer ?? (config.smtpUrl ? new SmtpMailer(config.smtpUrl, config.mailFrom) : new LogMailer(() => ctx.log, config.production)),
    passwords: deps.passwords ?? new PasswordHasher(),
    push: deps.push ?? createPush(config.push),
    blobs: deps.blobs ?? createBlobStore(config.blobStore, config.dataDir),
    events: deps.events ?? new EventDispatcher(() => ctx.log),
    jobs: new JobRunner(() => ctx),
    instance: {},
    // The application's logger; a request's services get its own through request.ctx (request-log.ts).
    get log() {
      return app.log;
    },
  };
  app.decorate('ctx', ctx);
  registerJobHandlers(ctx.jobs);
  // In this order: listeners finish (they enqueue jobs), the job runner takes no more and its
  // running jobs finish, then the adapters they use close.
  app.addHook('onClose', async () => {
    await ctx.events.idle();
    await ctx.jobs.stop();
    ctx.push.close();
    await ctx.mailer.close();
  });

  registerRequestContext(app);
  registerValidation(app);
  registerErrorHandling(app);
  registerInputGuard(app);
  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });

  await app.register(cookie);
  // Before validation: a cross-site write is refused whatever its body.
  app.addHook('onRequest', async (request) => checkOrigin(request));

  registerComponents(app, [...SHARED_COMPONENTS, ...USER_COMPONENTS, ...ADMIN_COMPONENTS, ...LIST_COMPONENTS, ...FOLLOW_COMPONENTS, ...MESSAGE_COMPONENTS, ...DOCUMENT_COMPONENTS, ...NOTIFICATION_COMPONENTS, ...BLOCK_COMPONENTS, ...DIRECT_MESSAGE_COMPONENTS, ...MEDIA_COMPONENTS]);
  await registerOpenApi(app, config);

  registerIdempotency(app);

  await app.register(platformRoutes);
  await app.register(authRoutes);
  await app.register(userRoutes);
  await app.register(adminRoutes);
  await app.register(listRoutes);
  await app.register(followRoutes);
  await app.register(messageRoutes);
  await app.register(mediaRoutes);
  await app.register(cronRoutes);
  await app.register(exportRoutes);
  await app.register(documentRoutes);
  await app.register(notificationRoutes);
  await app.register(blockRoutes);
  await app.register(directMessageRoutes);
  await app.register(pageRoutes);

  return app;
}
