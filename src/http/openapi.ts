import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { Type, type Static, type StringOptions, type TSchema } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.js';

// The OpenAPI document is generated from the route schemas (never written by hand). This module
// holds the conventions every route follows and the finishing pass that adds what is the same for
// every operation:
// - a route schema names its `operationId` (camelCase, stable), `summary`, `tags` and `security`
//   (`PUBLIC` for public operations); its 2xx response has a description (`described`);
// - shapes used by more than one route are component schemas: a TypeBox schema with an `$id`,
//   listed in app.ts's `registerComponents` call and referenced from routes with `ref(...)`;
// - every request body schema carries at least one `examples` entry;
// - a route whose success sets a cookie says so with `'x-sets-cookie': true`; named body examples
//   that must pass unaltered go in `'x-body-examples'`; a route that reads a multipart body itself
//   (uploads, imports: no `body` schema, which Fastify would validate) documents its parts with
//   `'x-multipart': Type.Object({ file: FilePart(...), ... })`; a route that reads its JSON body as
//   raw bytes (a signed webhook, whose signature covers the bytes) documents it with `'x-raw-json'`;
// - a string with a `pattern` is a `PatternString` (or `NotBlank`), which says in words (`x-rule`)
//   what it accepts: errors quote the words, never the expression.
// The finishing pass documents the Idempotency-Key header on writes, the x-request-id header on
// every response, Retry-After on 429, Set-Cookie where set, and the 401/413/409/422 answers the
// platform itself gives.

/** `security` of an operation that needs no credentials. */
export const PUBLIC: Record<string, string[]>[] = [];

/** A reference to a component schema, typed as the schema itself. */
export function ref<T extends TSchema>(schema: T, options: { description?: string } = {}) {
  if (!schema.$id) throw new Error('ref() needs a schema with an $id');
  return Type.Unsafe<Static<T>>(Type.Ref(schema.$id, options));
}

/** The same schema with a description (a response's description in the document). */
export function described<T extends TSchema>(schema: T, description: string): T {
  if (schema.$id) return ref(schema, { description }) as unknown as T;
  return { ...schema, description };
}

/** A string enumeration, documented as a plain `enum` list (not an anyOf of constants). */
export function StringEnum<const T extends readonly string[]>(values: T, options: { description?: string; default?: T[number] } = {}) {
  return Type.Unsafe<T[number]>({ type: 'string', enum: [...values], ...options });
}

/**
 * A string that must match `pattern`, with `rule` saying in words what it accepts ("may contain
 * letters, digits and _ (3 to 30)"): a refused value's error says `<field> <rule>`, never the
 * expression (http/validation-messages.ts). Every request schema with a pattern is written so.
 */
export const PatternString = (pattern: string, rule: string, options: StringOptions = {}) => Type.String({ ...options, pattern, 'x-rule': rule });

/** A string with at least one character that is not white space. */
export const NotBlank = (options: StringOptions = {}) => PatternString('\\S', 'must not be blank', options);

/** A file part of a multipart form. */
export const FilePart = (description: string) => Type.String({ format: 'binary', description });

/** Adds the component schemas at the root, where the validators, serializers and document see them. */
export function registerComponents(app: FastifyInstance, schemas: TSchema[]): void {
  for (const schema of schemas) app.addSchema(schema);
}

const ERROR_DESCRIPTIONS: Record<string, string> = {
  400: 'The request is malformed or invalid; `error` says what to change',
  401: 'Not signed in: no valid session cookie or Bearer token',
  403: 'Signed in but not allowed (account status, subscription, administrator gate, or cross-site cookie write)',
  404: 'Not found, or not visible to the caller',
  409: 'Conflicts with the current state',
  413: 'The request body is larger than allowed',
  414: 'A path parameter is too long',
  415: 'The uploaded content is not of an accepted type',
  422: 'The request is well-formed but cannot be processed',
  429: 'Too many requests; retry after the number of seconds in Retry-After',
  500: 'An unexpected server error',
  501: 'Not available on this server',
  502: 'An upstream service failed or did not answer in time',
  503: 'The service is unavailable',
};

/** Description of an error status in the document. */
export const errorDescription = (status: number | string) => ERROR_DESCRIPTIONS[status] ?? 'Error';

type Json = Record<string, any>;
const WRITE_METHODS = new Set(['post', 'put', 'patch', 'delete']);
const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];
const ERROR_REF = { $ref: '#/components/schemas/Error' };
const errorResponse = (status: number) => ({ description: errorDescription(status), content: { 'application/json': { schema: ERROR_REF } } });

const COMPONENT_PARAMETERS = {
  IdempotencyKey: {
    name: 'Idempotency-Key',
    in: 'header',
    required: false,
    description:
      'Makes the write safe to retry: a repeat with the same key within 24 hours replays the stored response (with `idempotent-replayed: true`) instead of acting again. The same key with a different request is 422 `idempotency_mismatch`; while the first is still running, 409 `idempotency_in_progress`.',
    schema: { type: 'string', minLength: 1, maxLength: 255 },
  },
};

const COMPONENT_HEADERS = {
  RequestId: {
    description: 'The request id (a sane caller-supplied `x-request-id` is kept); every log line of the request carries it',
    schema: { type: 'string' },
  },
  RetryAfter: { description: 'Seconds to wait before retrying', schema: { type: 'integer', minimum: 1 } },
  SetCookie: {
    description: 'The `service-session` cookie (HttpOnly, SameSite=Lax; Secure behind https), holding the sessions of up to five accounts',
    schema: { type: 'string' },
  },
};

/** Adds to one operation what every operation of its kind has. */
function finishOperation(method: string, op: Json, hasPathParams: boolean): void {
  op.security ??= [];
  op.responses ??= {};
  // A multipart body read by the route itself: the parts it takes.
  if (op['x-multipart']) op.requestBody = { required: true, content: { 'multipart/form-data': { schema: op['x-multipart'] } } };
  delete op['x-multipart'];
  if (op['x-raw-json']) {
    // As @fastify/swagger documents a body schema: its first example becomes the media's example.
    const { examples, ...schema } = op['x-raw-json'] as Json;
    op.requestBody = { required: true, content: { 'application/json': { schema, ...(examples ? { example: examples[0] } : {}) } } };
  }
  delete op['x-raw-json'];
  const responses = op.responses as Record<string, Json>;
  const add = (status: number) => {
    responses[status] ??= errorResponse(status);
  };

  if (WRITE_METHODS.has(method)) {
    op.parameters = [...(op.parameters ?? []), { $ref: '#/components/parameters/IdempotencyKey' }];
    add(409);
    add(422);
  }
  // Every input is checked at the edge (control characters: 400 invalid_characters); the body
  // limit (1 MiB) applies to every body.
  add(400);
  if (op.requestBody) add(413);
  if (hasPathParams) add(414);
  if (op.security.length > 0) add(401);

  // Named body examples given on the route, copied verbatim (schema examples pass through a
  // JSON-schema converter that rewrites keys such as `properties`).
  const media = op.requestBody?.content?.['application/json'];
  if (op['x-body-examples'] && media) {
    delete media.example;
    media.examples = op['x-body-examples'];
  }
  delete op['x-body-examples'];

  const setsCookie = op['x-sets-cookie'] === true;
  delete op['x-sets-cookie'];
  for (const [status, response] of Object.entries(responses)) {
    if (response.description === 'Default Response') {
      response.description = status.startsWith('2') || status.startsWith('3') ? (op.summary ?? 'Success') : errorDescription(status);
    }
    response.headers = { 'x-request-id': { $ref: '#/components/headers/RequestId' }, ...response.headers };
    if (status === '429') response.headers['Retry-After'] = { $ref: '#/components/headers/RetryAfter' };
    if (setsCookie && /^[23]/.test(status)) response.headers['Set-Cookie'] = { $ref: '#/components/headers/SetCookie' };
  }

  // @fastify/swagger marks every request body required; a body schema that also admits null (a
  // request may come without a body, as for logout) is documented as optional.
  const bodySchema = op.requestBody?.content?.['application/json']?.schema;
  if (bodySchema?.anyOf?.some((s: Json) => s.type === 'null')) op.requestBody.required = false;
}

/** The finishing pass over the generated document. */
export function finishDocument(doc: Json): Json {
  doc.components ??= {};
  doc.components.parameters = { ...doc.components.parameters, ...COMPONENT_PARAMETERS };
  doc.components.headers = { ...doc.components.headers, ...COMPONENT_HEADERS };
  for (const [path, item] of Object.entries<Json>(doc.paths ?? {})) {
    for (const method of HTTP_METHODS) if (item[method]) finishOperation(method, item[method], path.includes('{'));
  }
  return doc;
}

const DESCRIPTION = `Social publishing and structured data: short messages, user-defined lists, markdown documents, follows and notifications, and account administration.

**Authentication.** Browser clients use the \`service-session\` cookie set by register and login (cookie-authenticated writes must come from the service's own origin). Native and command-line clients exchange e-mail and password for a sync token (\`POST /api/auth/sync-token\`) and send it as \`Authorization: Bearer <token>\`. Each operation's \`security\` says which it accepts; \`security: []\` means public.

**Errors.** Every error is \`{ "error": string, "code"?: string }\`; \`code\` is machine-readable and stable. Invalid input is 400 with every problem, in words, in \`errors\` (the first also as \`error\`): code \`bad_request\` for a request that breaks its schema, \`validation_failed\` for a list row that breaks its list's rules.

**Retries.** Every write accepts an \`Idempotency-Key\` header and can then be retried safely.`;

/** Registers the document at /api/openapi.json (route in the platform feature) and the explorer at /api-docs. */
export async function registerOpenApi(app: FastifyInstance, config: Config): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Social Lists Service API',
        version: '0.1.0',
        description: DESCRIPTION,
        license: { name: 'UNLICENSED', identifier: 'LicenseRef-Proprietary' },
        contact: { name: 'Social Lists Service', url: config.publicUrl },
      },
      // Relative: the explorer's "Try it out" and generated clients call the address the document
      // was read from (http://127.0.0.1:3000 as printed at start-up, or a deployment's own),
      // whatever PUBLIC_URL says (its default names localhost, another origin to a browser).
      servers: [{ url: '/', description: 'This service: the address this document was read from' }],
      tags: [
        { name: 'platform', description: 'Health, the interface description and analytics' },
        { name: 'auth', description: 'Registration, sign-in, sessions, sync tokens, e-mail tokens and OAuth' },
        { name: 'users', description: 'The current user and their profile' },
        { name: 'lists', description: 'Lists: typed tables with a schema, rows, views, folders, import and export' },
        { name: 'admin', description: 'Administration of accounts (administrators only)' },
        { name: 'documents', description: 'Markdown documents in folders: search, delta sync, history, trash and templates' },
        { name: 'messages', description: 'Messages: posts, replies, pushes, digs, search, reports and scheduling' },
        { name: 'media', description: 'Image and video uploads and the public media URLs' },
        { name: 'follows', description: 'Following, follow requests and public profiles' },
        { name: 'exports', description: 'Your own data as CSV (session cookie only)' },
        { name: 'notifications', description: 'Notifications: tray, feed, read state, channel preferences and one-click e-mail unsubscribe' },
        { name: 'devices', description: 'Push devices: registration of APNs and FCM tokens' },
        { name: 'blocks', description: 'Blocks, mutes and reports of users' },
        { name: 'direct-messages', description: 'Direct messages between two users and their conversations' },
        { name: 'ai', description: 'AI features for subscribers: suggest an artifact, then generate (persist) it; the quota' },
        { name: 'utilities', description: 'Utility helpers: the image proxy, geolocation of an address and the current weather' },
        { name: 'search', description: 'One ranked search across the caller’s messages, documents and list rows' },
        { name: 'materialize', description: 'Turn messages, lists, rows or documents into a new list, a new document or a message draft (subscribers)' },
        { name: 'operator', description: 'Operator endpoints, not for API clients: the cron jobs of a deployment, called with `Authorization: Bearer <CRON_SECRET>`' },
      ],
      components: {
        securitySchemes: {
          session: { type: 'apiKey', in: 'cookie', name: 'service-session', description: 'Browser session cookie set by login and register' },
          bearer: { type: 'http', scheme: 'bearer', description: 'Sync token from POST /api/auth/sync-token' },
        },
      },
    },
    // Component schemas keep their $id as their name.
    refResolver: { buildLocalReference: (json, _baseUri, _fragment, i) => (typeof json.$id === 'string' ? json.$id : `def-${i}`) },
    transformObject: (doc) => finishDocument(('openapiObject' in doc ? doc.openapiObject : doc.swaggerObject) as Json) as object,
  });
  await app.register(swaggerUi, { routePrefix: '/api-docs' });
}
