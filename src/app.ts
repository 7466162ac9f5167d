import { randomUUID } from 'node:crypto';
import cookie from '@fastify/cookie';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyServerOptions } from 'fastify';
import type { Config } from './config.js';
import { FEATURES } from './features/index.js';
import { checkOrigin } from './http/auth.js';
import { clientErrorHandler } from './http/client-errors.js';
import { badRequest, MAX_PARAM_LENGTH, registerErrorHandling, uriTooLong } from './http/errors.js';
import { registerIdempotency } from './http/idempotency.js';
import { registerInputGuard } from './http/input-guard.js';
import { logDestination } from './http/log-format.js';
import { registerJsonBody } from './http/json-body.js';
import { registerComponents, registerOpenApi } from './http/openapi.js';
import { registerRequestContext, serializeRequest } from './http/request-log.js';
import { registerRequestMetrics } from './http/request-metrics.js';
import { registerLazySerialization } from './http/serialization.js';
import { registerValidation } from './http/validation.js';
import { createContext, type ContextDeps } from './runtime/context.js';
import type { FeatureModule } from './runtime/module.js';

export interface AppDeps extends Omit<ContextDeps, 'log'> {
  /** The modules to build the app from (default: FEATURES, every module of the service). */
  modules?: readonly FeatureModule[];
  /** `false`: no logging (tests). Default: lines at config.logLevel in config.logFormat. */
  logger?: false;
  /** Where the log lines go (default stdout), JSON or readable as LOG_FORMAT says; tests pass a stream to read them. */
  logStream?: NodeJS.WritableStream;
}

const REQUEST_ID_RE = /^[A-Za-z0-9._:-]{1,128}$/;

/** Builds the Fastify instance with every plugin and feature registered; never listens. */
export async function buildApp(config: Config, deps: AppDeps): Promise<FastifyInstance> {
  const logStream = logDestination(config.logFormat, deps.logStream);
  const options: FastifyServerOptions = {
    logger:
      deps.logger === false ? false : (
        {
          level: config.logLevel,
          serializers: { req: serializeRequest },
          ...(logStream ? { stream: logStream } : {}),
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
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: MAX_PARAM_LENGTH },
    // URLs the router itself refuses (malformed escapes, over-long path parameters) get the same
    // error model as everything else.
    // Requests the HTTP parser itself refuses (raw non-ASCII bytes in the URL...): the same model.
    clientErrorHandler,
    frameworkErrors: (err, request, rawReply) => {
      const refusal = err.code === 'FST_ERR_MAX_PARAM_LENGTH' ? uriTooLong() : badRequest('Malformed URL', 'bad_url');
      const reply = rawReply as FastifyReply;
      reply.status(refusal.statusCode).header('x-request-id', request.id).send({ error: refusal.message, code: refusal.code });
    },
  };
  const app = Fastify(options).withTypeProvider<TypeBoxTypeProvider>() as unknown as FastifyInstance;

  const modules = deps.modules ?? FEATURES;
  const ctx = createContext(config, { ...deps, log: () => app.log }, modules);
  app.decorate('ctx', ctx);
  // Per-app state starts once the app is ready (in every process); background work is started by
  // main.ts for a serving instance. Closing the app stops it all (runtime/context.ts, Runtime.stop).
  app.addHook('onReady', async () => ctx.runtime.startState());
  app.addHook('onClose', async () => {
    await ctx.runtime.stop();
    // The outbound fetcher's kept-alive connections (webhook receivers).
    await ctx.outbound.close();
  });

  registerRequestContext(app);
  registerRequestMetrics(app);
  registerValidation(app);
  registerLazySerialization(app);
  registerJsonBody(app);
  registerErrorHandling(app);
  registerInputGuard(app);
  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });

  await app.register(cookie);
  // Before validation: a cross-site write is refused whatever its body.
  app.addHook('onRequest', async (request) => checkOrigin(request));

  registerComponents(app, modules.flatMap((m) => m.components ?? []));
  await registerOpenApi(app, config);

  registerIdempotency(app);

  for (const module of modules) for (const routes of module.routes ?? []) await app.register(routes);

  return app;
}
