import Ajv2020, { type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';

// Holds the service to its own served OpenAPI document over real traffic, as a validating proxy
// in front of it would: every answer's status must be declared for its operation and its body must
// match the declared schema, and every request the service accepted (2xx) must have met the
// document's request rules (required parameters present, parameters and JSON body valid). A
// generated client that follows the document then neither sends what the service refuses nor is
// surprised by what it answers. OpenAPI 3.1 schemas are JSON Schema 2020-12; `#/components/...`
// references resolve against the document's components, registered once.

type Json = Record<string, any>;

const METHODS = ['get', 'put', 'post', 'delete', 'patch'] as const;
/** The base every `#/...` reference of the document is resolved against. */
const DOC_ID = 'https://openapi.local/openapi.json';
/** OpenAPI's own formats, which JSON Schema validators do not know: annotations only. */
const OPENAPI_FORMATS = ['binary', 'byte', 'password', 'int32', 'int64', 'float', 'double'];

interface Operation {
  /** `METHOD /path/{param}`, as the document names it. */
  key: string;
  method: string;
  pattern: RegExp;
  params: string[];
  /** 1 for each literal path segment: literal segments win over parameters, as in the router. */
  literals: number[];
  op: Json;
}

/** One request and its answer, as `app.inject` saw them. */
export interface Exchange {
  method: string;
  url: string;
  headers: Record<string, string | string[] | undefined>;
  /** The request body as given to inject (a JSON value, or raw text or bytes). */
  payload: unknown;
  response: LightMyRequestResponse;
}

const baseType = (contentType: unknown) => String(contentType ?? '').split(';')[0].trim().toLowerCase();

/** The declared media type that covers `type` (exact, `type/*` or `*\/*`), if any. */
function mediaFor(content: Json | undefined, type: string): { key: string; media: Json } | null {
  if (!content) return null;
  for (const key of [type, `${type.split('/')[0]}/*`, '*/*']) if (content[key]) return { key, media: content[key] };
  return null;
}

/** `schema` with its document-local references made absolute, so it compiles on its own. */
function rebased(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(rebased);
  if (!schema || typeof schema !== 'object') return schema;
  return Object.fromEntries(
    Object.entries(schema).map(([k, v]) => [k, k === '$ref' && typeof v === 'string' && v.startsWith('#') ? `${DOC_ID}${v}` : rebased(v)]),
  );
}

function compare(a: number[], b: number[]): number {
  for (let i = 0; i < Math.min(a.length, b.length); i += 1) if (a[i] !== b[i]) return b[i] - a[i];
  return 0;
}

export class OpenApiTraffic {
  /** Problems found so far, one line each. */
  readonly problems: string[] = [];
  /** Every operation's key, and the statuses it has been seen to answer. */
  readonly answered = new Map<string, Set<number>>();
  private readonly operations: Operation[] = [];
  private readonly validators = new Map<string, ValidateFunction>();
  /** Bodies and answers: as sent, no coercion. */
  private readonly strict: Ajv2020.default;
  /** Path and query parameters: text in a URL, read as the schema's type ("10" is an integer). */
  private readonly coercing: Ajv2020.default;

  private constructor(readonly doc: Json) {
    const make = (coerceTypes: boolean | 'array') => {
      const ajv = new Ajv2020.default({ strict: false, allErrors: true, coerceTypes, useDefaults: false, logger: false });
      addFormats.default(ajv);
      for (const f of OPENAPI_FORMATS) ajv.addFormat(f, true);
      ajv.addSchema({ $id: DOC_ID, components: doc.components ?? {} });
      return ajv;
    };
    this.strict = make(false);
    this.coercing = make('array');
    for (const [path, item] of Object.entries<Json>(doc.paths ?? {})) {
      const segments = path.split('/').slice(1);
      const params = segments.filter((s) => s.startsWith('{')).map((s) => s.slice(1, -1));
      const pattern = new RegExp(`^/${segments.map((s) => (s.startsWith('{') ? '([^/]+)' : s.replace(/[.*+?^$()|[\]\\]/g, '\\$&'))).join('/')}$`);
      for (const method of METHODS) {
        if (!item[method]) continue;
        const key = `${method.toUpperCase()} ${path}`;
        this.operations.push({ key, method: method.toUpperCase(), pattern, params, literals: segments.map((s) => (s.startsWith('{') ? 0 : 1)), op: item[method] });
        this.answered.set(key, new Set());
      }
    }
  }

  /** Reads the document the app serves. */
  static async of(app: FastifyInstance, url = '/api/openapi.json'): Promise<OpenApiTraffic> {
    const res = await app.inject({ method: 'GET', url });
    if (res.statusCode !== 200) throw new Error(`${url} answered ${res.statusCode}`);
    return new OpenApiTraffic(res.json());
  }

  /** Checks every later `app.inject` of `app` (restore with the returned function). */
  watch(app: FastifyInstance): () => void {
    const original = app.inject;
    const send = original.bind(app) as (options: InjectOptions | string) => Promise<LightMyRequestResponse>;
    const inject = async (options: InjectOptions | string) => {
      const res = await send(options);
      const opts: InjectOptions = typeof options === 'string' ? { url: options } : options;
      const req = res.raw.req;
      this.record({ method: req.method ?? 'GET', url: req.url ?? '', headers: req.headers, payload: opts.payload, response: res });
      return res;
    };
    (app as { inject: unknown }).inject = inject;
    return () => {
      (app as { inject: unknown }).inject = original;
    };
  }

  /** Checks one exchange, keeping its problems and the status its operation answered. */
  record(exchange: Exchange): void {
    const { operation, problems } = this.inspect(exchange);
    if (operation) this.answered.get(operation.key)!.add(exchange.response.statusCode);
    this.problems.push(...problems);
  }

  /** The operations never answered with a success (2xx). */
  unexercised(): string[] {
    return [...this.answered].filter(([, statuses]) => ![...statuses].some((s) => s >= 200 && s < 300)).map(([key]) => key);
  }

  /** What is wrong with one exchange, one line each (nothing recorded). */
  check(exchange: Exchange): string[] {
    return this.inspect(exchange).problems;
  }

  private inspect(exchange: Exchange): { operation: Operation | null; problems: string[] } {
    const { method, response } = exchange;
    const url = new URL(exchange.url, 'http://service.local');
    const found = this.operationOf(method, url.pathname);
    const where = `${method} ${url.pathname}${url.search} -> ${response.statusCode}`;
    if (!found) return { operation: null, problems: [`${where}: no operation of the document`] };
    const { operation, values } = found;
    const problems = this.checkResponse(operation, response).map((p) => `${where} (${operation.key}): ${p}`);
    if (response.statusCode >= 200 && response.statusCode < 300) {
      problems.push(...this.checkRequest(operation, values, url.searchParams, exchange).map((p) => `${where} (${operation.key}): accepted, yet ${p}`));
    }
    return { operation, problems };
  }

  /** The operation serving `path` (literal segments first, as the router picks), with its path values. */
  private operationOf(method: string, path: string): { operation: Operation; values: Record<string, string> } | null {
    const candidates = this.operations.filter((o) => o.method === method && o.pattern.test(path)).sort((a, b) => compare(a.literals, b.literals));
    const operation = candidates[0];
    if (!operation) return null;
    const match = operation.pattern.exec(path)!;
    return { operation, values: Object.fromEntries(operation.params.map((name, i) => [name, decodeURIComponent(match[i + 1])])) };
  }

  private checkResponse(operation: Operation, res: LightMyRequestResponse): string[] {
    const status = String(res.statusCode);
    const responses: Json = operation.op.responses ?? {};
    const response = responses[status] ?? responses[`${status[0]}XX`] ?? responses.default;
    if (!response) return [`status ${status} is not declared (declared: ${Object.keys(responses).join(', ')})`];
    if (res.rawPayload.length === 0) return [];
    const type = baseType(res.headers['content-type']);
    const declared = this.deref(response);
    const found = mediaFor(declared.content, type);
    if (!found) return [`answered ${type || 'an untyped body'}, but ${status} declares ${Object.keys(declared.content ?? {}).join(', ') || 'no body'}`];
    if (type !== 'application/json' || !found.media.schema) return [];
    let body: unknown;
    try {
      body = JSON.parse(res.body);
    } catch {
      return ['the JSON answer does not parse'];
    }
    return this.validate(this.strict, `${operation.key} ${status} ${found.key}`, found.media.schema, body, 'response body');
  }

  private checkRequest(operation: Operation, pathValues: Record<string, string>, query: URLSearchParams, exchange: Exchange): string[] {
    const problems: string[] = [];
    for (const parameter of (operation.op.parameters ?? []).map((p: Json) => this.deref(p))) {
      const raw = parameterValue(parameter, pathValues, query, exchange.headers);
      if (raw === undefined) {
        if (parameter.required) problems.push(`the required ${parameter.in} parameter "${parameter.name}" was not sent`);
        continue;
      }
      // A wrapper object, so that coercion has a parent to write the typed value to.
      const schema = { type: 'object', properties: { value: parameter.schema ?? {} } };
      const key = `${operation.key} ${parameter.in} ${parameter.name}`;
      problems.push(...this.validate(this.coercing, key, schema, { value: raw }, `${parameter.in} parameter "${parameter.name}"`));
    }
    const requestBody = operation.op.requestBody ? this.deref(operation.op.requestBody) : null;
    const type = baseType(exchange.headers['content-type']);
    const sent = exchange.payload !== undefined && exchange.payload !== null && exchange.payload !== '';
    if (!sent) {
      if (requestBody?.required) problems.push('the required request body was not sent');
      return problems;
    }
    if (!requestBody) return [...problems, 'a body was sent to an operation that takes none'];
    const found = mediaFor(requestBody.content, type);
    if (!found) return [...problems, `the body's type ${type || '(none)'} is not one of ${Object.keys(requestBody.content ?? {}).join(', ')}`];
    if (type === 'application/json' && found.media.schema) {
      const body = typeof exchange.payload === 'string' || Buffer.isBuffer(exchange.payload) ? JSON.parse(exchange.payload.toString()) : exchange.payload;
      problems.push(...this.validate(this.strict, `${operation.key} body ${found.key}`, found.media.schema, body, 'request body'));
    }
    return problems;
  }

  private validate(ajv: Ajv2020.default, key: string, schema: unknown, data: unknown, what: string): string[] {
    let validator = this.validators.get(key);
    if (!validator) {
      validator = ajv.compile(rebased(schema) as object);
      this.validators.set(key, validator);
    }
    if (validator(data)) return [];
    return [`${what} does not match the document: ${ajv.errorsText(validator.errors, { dataVar: what.split(' ')[0] })}`];
  }

  /** Follows a `$ref` to a component (parameters, request bodies, responses). */
  private deref(value: Json): Json {
    if (typeof value?.$ref !== 'string') return value;
    const target = value.$ref
      .replace(/^#\//, '')
      .split('/')
      .reduce((node: Json | undefined, part: string) => node?.[part.replace(/~1/g, '/').replace(/~0/g, '~')], this.doc);
    if (!target) throw new Error(`unresolved ${value.$ref}`);
    return this.deref(target);
  }
}

/** A parameter's value in the request: text, a list for a repeated query key, or undefined. */
function parameterValue(
  parameter: Json,
  pathValues: Record<string, string>,
  query: URLSearchParams,
  headers: Exchange['headers'],
): string | string[] | undefined {
  switch (parameter.in) {
    case 'path':
      return pathValues[parameter.name];
    case 'query': {
      const all = query.getAll(parameter.name);
      return all.length === 0 ? undefined : all.length === 1 ? all[0] : all;
    }
    case 'header':
      return headers[String(parameter.name).toLowerCase()];
    default:
      return undefined;
  }
}
