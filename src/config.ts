// The only module that reads process.env. Every variable of the README's configuration table is parsed and
// validated here; an invalid value stops the start with one line naming the variable.

import { closeSync, fstatSync, openSync, readFileSync, readSync } from 'node:fs';
import ipaddr from 'ipaddr.js';
import { parseSealingKey } from './lib/sealing.js';

export type DatabaseConfig =
  | { engine: 'sqlite'; filename: string } // ':memory:' or a file path
  | { engine: 'postgres'; url: string; poolSize?: number }; // poolSize: DATABASE_POOL_SIZE

export const OAUTH_PROVIDERS = ['networkA', 'networkB', 'networkC', 'networkD', 'codehost'] as const;
export type OAuthProvider = (typeof OAUTH_PROVIDERS)[number];

/** The spec's account tiers (customerStatus): any but `free` is a subscriber. Here, so DEFAULT_CUSTOMER_STATUS is checked against them. */
export const CUSTOMER_STATUSES = ['free', 'subscriber', 'subscriber:monthly', 'subscriber:annual'] as const;
export type CustomerStatus = (typeof CUSTOMER_STATUSES)[number];

/** `auto`: readable lines (pino-pretty) when the log goes to a terminal, JSON lines otherwise. */
export const LOG_FORMATS = ['auto', 'json', 'pretty'] as const;
export type LogFormat = (typeof LOG_FORMATS)[number];

/** The providers whose OAuth app the operator registers (networkA registers itself per instance; networkB is a public client). */
export const CONFIGURED_PROVIDERS = ['networkC', 'networkD', 'codehost'] as const;
export type ConfiguredProvider = (typeof CONFIGURED_PROVIDERS)[number];

export interface OAuthClientConfig {
  clientId: string;
  clientSecret: string;
}

/** The outside networks' endpoints: each an origin whose paths stay the provider's own (README, Configuration). */
export interface NetworkEndpoints {
  /** networkC's authorization and token endpoints. */
  networkCAuthUrl: string;
  /** networkC's userinfo and REST API. */
  networkCApiUrl: string;
  /** The LinkedIn-Version header (YYYYMM) of every networkC API call. */
  networkCApiVersion: string;
  /** networkD's authorize page. */
  networkDAuthUrl: string;
  /** networkD's token endpoint and API. */
  networkDApiUrl: string;
  /** codehost's OAuth pages. */
  codehostUrl: string;
  /** codehost's REST API. */
  codehostApiUrl: string;
  /** The DID directory that resolves did:plc identifiers. */
  networkBDirectoryUrl: string;
}

export interface Config {
  port: number;
  host: string;
  database: DatabaseConfig;
  dataDir: string;
  publicUrl: string;
  /** Base of a separate web client: e-mail links point there instead of at the service's own pages. */
  webUrl: string | null;
  cronSecret: string | null;
  scheduler: boolean;
  smtpUrl: string | null;
  mailFrom: string;
  admin: { email: string; username: string; password: string } | null;
  accountStatusEnforcement: boolean;
  /** The tier every new account starts with (DEFAULT_CUSTOMER_STATUS). */
  defaultCustomerStatus: CustomerStatus;
  /** The AI provider (AI_*); `timeoutMs` bounds each provider call (AI_TIMEOUT_MS, default 60 s). */
  ai: { provider: 'openai' | 'anthropic' | null; apiKey: string | null; baseUrl: string | null; model: string | null; timeoutMs: number };
  logLevel: string;
  logFormat: LogFormat;
  /** NODE_ENV=production: secrets are redacted from the logged-mail fallback. */
  production: boolean;
  /** Fastify's trustProxy value: false, true, a hop count or a list of addresses/CIDRs. */
  trustProxy: boolean | number | string;
  /** OAuth client credentials of networkC, networkD and codehost; null while not configured. */
  oauth: Record<ConfiguredProvider, OAuthClientConfig | null>;
  /** The outside networks' endpoints (overridable for loopback stand-ins). */
  networks: NetworkEndpoints;
  /** Push delivery (APNs, FCM); a provider left unconfigured is skipped and logged. */
  push: PushConfig;
  /** Where media and other blobs live (BLOB_STORE, S3_*). */
  blobStore: BlobStoreConfig;
  /** Server-side fetches of user-supplied URLs (adapters/outbound-fetch). */
  outbound: OutboundConfig;
  /** The utility helpers: the weather API's endpoint (WEATHER_API_URL) and an operator's own city database (GEOIP_DB). */
  utilities: { weatherApiUrl: string; geoipDb: string | null };
  /** REMOVAL_WAIT_MS: how long a purge or account deletion request waits for its job before answering (it goes on after). */
  removalWaitMs: number;
  /** PUBLIC_ORIGIN_REDIRECTS: extra origins a `returnTo` may point at, besides PUBLIC_URL and WEB_URL. */
  publicOriginRedirects: string[];
  /** Billing through Stripe (STRIPE_*); null without STRIPE_SECRET_KEY. */
  billing: BillingConfig | null;
  /** METRICS_TOKEN: the Bearer value of GET /metrics; null: the endpoint answers 404. */
  metricsToken: string | null;
  /** TOKEN_SEALING_KEY (32 bytes); null: a key generated once and kept in DATA_DIR. */
  tokenSealingKey: Buffer | null;
}

export interface BillingConfig {
  secretKey: string;
  /** Null: the webhook answers 503 billing_not_configured. */
  webhookSecret: string | null;
  /** The price ids of the plans; a plan without one answers 503 billing_not_configured. */
  prices: { monthly: string | null; annual: string | null };
  /** STRIPE_API_URL: the API's origin (a loopback stand-in in tests); null: the provider's own. */
  apiUrl: string | null;
}

export interface OutboundConfig {
  /** ALLOWED_PRIVATE_ADDRESSES as CIDR strings (a bare address is its /32 or /128). */
  allowedPrivateAddresses: string[];
  /** Whole fetch, every redirect hop and the body included. */
  timeoutMs: number;
  /** Response body cap, after decompression. */
  maxBytes: number;
}

export interface S3Config {
  endpoint: string;
  region: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  forcePathStyle: boolean;
}

export type BlobStoreConfig = { kind: 'disk' } | { kind: 's3'; s3: S3Config };

export interface FcmServiceAccount {
  project_id: string;
  client_email: string;
  private_key: string;
  token_uri: string;
}

export interface PushConfig {
  apns: { key: string; keyId: string; teamId: string; topic: string } | null;
  fcm: { serviceAccount: FcmServiceAccount } | null;
  /** Overrides of the providers' public endpoints (loopback stand-ins in tests). */
  apnsUrl: string | null;
  fcmUrl: string | null;
  fcmTokenUrl: string | null;
  /** The APNs environment of a device registered without one. */
  environment: 'sandbox' | 'production';
}

export class ConfigError extends Error {}

type Env = Record<string, string | undefined>;

function fail(variable: string, why: string): never {
  throw new ConfigError(`Invalid configuration: ${variable} ${why}`);
}

function str(env: Env, name: string): string | null {
  const v = env[name];
  return v === undefined || v.trim() === '' ? null : v.trim();
}

function bool(env: Env, name: string, fallback: boolean): boolean {
  const v = str(env, name);
  if (v === null) return fallback;
  const lower = v.toLowerCase();
  if (['true', '1', 'yes', 'on'].includes(lower)) return true;
  if (['false', '0', 'no', 'off'].includes(lower)) return false;
  return fail(name, `must be true or false (got "${v}")`);
}

/** A value from a fixed set (or the fallback when unset). */
function oneOf<T extends string>(env: Env, name: string, allowed: readonly T[], fallback: T): T {
  const v = str(env, name);
  if (v === null) return fallback;
  if (!(allowed as readonly string[]).includes(v)) fail(name, `must be one of ${allowed.join(', ')} (got "${v}")`);
  return v as T;
}

function parsePort(env: Env): number {
  const v = str(env, 'PORT');
  if (v === null) return 3000;
  if (!/^\d+$/.test(v) || Number(v) > 65535) fail('PORT', `must be an integer from 0 to 65535 (got "${v}")`);
  return Number(v);
}

export function parseDatabaseUrl(value: string, variable = 'DATABASE_URL'): DatabaseConfig {
  if (value.startsWith('sqlite:')) {
    const filename = value.slice('sqlite:'.length);
    if (filename === '') fail(variable, 'needs a file path after "sqlite:" (or sqlite::memory:)');
    return { engine: 'sqlite', filename };
  }
  if (value.startsWith('postgres://') || value.startsWith('postgresql://')) {
    try {
      const u = new URL(value);
      if (!u.hostname) throw new Error('no host');
    } catch {
      fail(variable, 'is not a valid postgres:// URL');
    }
    return { engine: 'postgres', url: value };
  }
  return fail(variable, 'must start with sqlite: or postgres:// (e.g. sqlite:./data/service.db)');
}

function parseUrl(env: Env, name: string): string | null {
  const v = str(env, name);
  if (v === null) return null;
  try {
    const u = new URL(v);
    if (u.protocol !== 'http:' && u.protocol !== 'https:') throw new Error('protocol');
  } catch {
    fail(name, `must be an http(s) URL (got "${v}")`);
  }
  return v.replace(/\/+$/, '');
}

function parseTrustProxy(env: Env): boolean | number | string {
  const v = str(env, 'TRUST_PROXY');
  if (v === null) return false;
  const lower = v.toLowerCase();
  if (lower === 'true') return true;
  if (lower === 'false') return false;
  if (/^\d+$/.test(v)) return Number(v);
  // A comma-separated list of addresses or CIDRs.
  const parts = v.split(',').map((p) => p.trim());
  if (parts.some((p) => !/^[0-9a-fA-F:.]+(\/\d{1,3})?$/.test(p))) {
    fail('TRUST_PROXY', `must be true, false, a hop count or a comma-separated list of addresses/CIDRs (got "${v}")`);
  }
  return parts.join(',');
}

function positiveInt(env: Env, name: string, fallback: number, max: number): number {
  const v = str(env, name);
  if (v === null) return fallback;
  if (!/^\d+$/.test(v) || Number(v) < 1 || Number(v) > max) fail(name, `must be an integer from 1 to ${max} (got "${v}")`);
  return Number(v);
}

/** A comma-separated list, each item parsed by `item` (which throws on a bad one: `why` names the rule). */
function commaList(env: Env, name: string, why: string, item: (value: string) => string): string[] {
  const v = str(env, name);
  if (v === null) return [];
  return v
    .split(',')
    .map((p) => p.trim())
    .filter((p) => p !== '')
    .map((p) => {
      try {
        return item(p);
      } catch {
        return fail(name, `must be ${why} (got "${p}")`);
      }
    });
}

/** ALLOWED_PRIVATE_ADDRESSES: validated here so that a typo stops the start instead of opening nothing. */
function parseAllowedPrivateAddresses(env: Env): string[] {
  return commaList(env, 'ALLOWED_PRIVATE_ADDRESSES', 'comma-separated IP addresses or CIDR ranges', (p) => {
    if (p.includes('/')) {
      const [address, bits] = ipaddr.parseCIDR(p);
      return `${address.toString()}/${bits}`;
    }
    if (!ipaddr.isValid(p)) throw new Error('not an address');
    const address = ipaddr.parse(p);
    return `${address.toString()}/${address.kind() === 'ipv4' ? 32 : 128}`;
  });
}

/** PUBLIC_ORIGIN_REDIRECTS: comma-separated http(s) origins, kept as origins (no path). */
function parseOrigins(env: Env, name: string): string[] {
  return commaList(env, name, 'comma-separated http(s) origins', (p) => {
    const u = new URL(p);
    if (u.protocol !== 'http:' && u.protocol !== 'https:') throw new Error('protocol');
    return u.origin;
  });
}

function parseBilling(env: Env): BillingConfig | null {
  const secretKey = str(env, 'STRIPE_SECRET_KEY');
  const apiUrl = parseUrl(env, 'STRIPE_API_URL');
  // The library takes a host, port and protocol: the API's paths stay the provider's own.
  if (apiUrl !== null && new URL(apiUrl).pathname !== '/') fail('STRIPE_API_URL', `must be an origin with no path (got "${apiUrl}")`);
  if (secretKey === null) return null;
  return {
    secretKey,
    webhookSecret: str(env, 'STRIPE_WEBHOOK_SECRET'),
    prices: { monthly: str(env, 'STRIPE_PRICE_MONTHLY'), annual: str(env, 'STRIPE_PRICE_ANNUAL') },
    apiUrl,
  };
}

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];

function parseOAuth(env: Env): Record<ConfiguredProvider, OAuthClientConfig | null> {
  const out = {} as Record<ConfiguredProvider, OAuthClientConfig | null>;
  for (const provider of CONFIGURED_PROVIDERS) {
    const p = provider.toUpperCase();
    const clientId = str(env, `${p}_CLIENT_ID`);
    const clientSecret = str(env, `${p}_CLIENT_SECRET`);
    if ((clientId === null) !== (clientSecret === null)) fail(clientId === null ? `${p}_CLIENT_ID` : `${p}_CLIENT_SECRET`, `must be set together with ${clientId === null ? `${p}_CLIENT_SECRET` : `${p}_CLIENT_ID`}`);
    out[provider] = clientId && clientSecret ? { clientId, clientSecret } : null;
  }
  return out;
}

/** An override of a provider's origin: scheme, host and port only (the paths stay the provider's). */
function parseOrigin(env: Env, name: string, fallback: string): string {
  const v = parseUrl(env, name);
  if (v === null) return fallback;
  const u = new URL(v);
  if (u.pathname !== '/' || u.search !== '' || u.hash !== '' || u.username !== '' || u.password !== '') fail(name, `must be an origin such as https://host:port, without a path (got "${v}")`);
  return u.origin;
}

/** The LinkedIn-Version in use when NETWORKC_API_VERSION is unset; versions sunset about a year after release. */
export const DEFAULT_NETWORKC_API_VERSION = '202510';

function parseNetworks(env: Env): NetworkEndpoints {
  const version = str(env, 'NETWORKC_API_VERSION') ?? DEFAULT_NETWORKC_API_VERSION;
  if (!/^\d{6}(\.\d{2})?$/.test(version)) fail('NETWORKC_API_VERSION', `must be a version such as 202510 (YYYYMM) (got "${version}")`);
  return {
    networkCAuthUrl: parseOrigin(env, 'NETWORKC_AUTH_URL', 'https://www.linkedin.com'),
    networkCApiUrl: parseOrigin(env, 'NETWORKC_API_URL', 'https://api.linkedin.com'),
    networkCApiVersion: version,
    networkDAuthUrl: parseOrigin(env, 'NETWORKD_AUTH_URL', 'https://x.com'),
    networkDApiUrl: parseOrigin(env, 'NETWORKD_API_URL', 'https://api.x.com'),
    codehostUrl: parseOrigin(env, 'CODEHOST_URL', 'https://github.com'),
    codehostApiUrl: parseOrigin(env, 'CODEHOST_API_URL', 'https://api.github.com'),
    networkBDirectoryUrl: parseOrigin(env, 'NETWORKB_DIRECTORY_URL', 'https://plc.directory'),
  };
}

function parseTokenSealingKey(env: Env): Buffer | null {
  const v = str(env, 'TOKEN_SEALING_KEY');
  if (v === null) return null;
  return parseSealingKey(v) ?? fail('TOKEN_SEALING_KEY', 'must be 32 bytes as 64 hex characters or 44 base64 characters (e.g. from `openssl rand -hex 32`)');
}

function parseBlobStore(env: Env): BlobStoreConfig {
  const kind = str(env, 'BLOB_STORE') ?? 'disk';
  if (kind !== 'disk' && kind !== 's3') fail('BLOB_STORE', `must be disk or s3 (got "${kind}")`);
  const forcePathStyle = bool(env, 'S3_FORCE_PATH_STYLE', false);
  const region = str(env, 'S3_REGION') ?? 'us-east-1';
  if (kind === 'disk') return { kind };
  const required = (name: string): string => str(env, name) ?? fail(name, 'is required when BLOB_STORE=s3');
  const endpoint = str(env, 'S3_ENDPOINT') ?? fail('S3_ENDPOINT', 'is required when BLOB_STORE=s3 (e.g. https://s3.us-east-1.amazonaws.com)');
  if (parseUrl(env, 'S3_ENDPOINT') === null || new URL(endpoint).pathname.replace(/\/+$/, '') !== '') {
    fail('S3_ENDPOINT', `must be an http(s) URL of the store with no path (got "${endpoint}")`);
  }
  const bucket = required('S3_BUCKET');
  if (!/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/.test(bucket)) fail('S3_BUCKET', `is not a valid bucket name (got "${bucket}")`);
  return {
    kind,
    s3: { endpoint, region, bucket, accessKeyId: required('S3_ACCESS_KEY_ID'), secretAccessKey: required('S3_SECRET_ACCESS_KEY'), forcePathStyle },
  };
}

/** A value given as the text itself or as the path of a file holding it. */
function textOrFile(env: Env, name: string, looksLikeText: (v: string) => boolean): string | null {
  const v = str(env, name);
  if (v === null) return null;
  if (looksLikeText(v)) return v;
  try {
    return readFileSync(v, 'utf8');
  } catch {
    return fail(name, `is neither the value itself nor a readable file path (got "${v.slice(0, 80)}")`);
  }
}

function parsePush(env: Env): PushConfig {
  const environment = str(env, 'PUSH_ENVIRONMENT') ?? 'production';
  if (environment !== 'sandbox' && environment !== 'production') fail('PUSH_ENVIRONMENT', `must be sandbox or production (got "${environment}")`);

  const apnsKey = textOrFile(env, 'APNS_KEY', (v) => v.includes('-----BEGIN'));
  const apnsParts = { APNS_KEY: apnsKey, APNS_KEY_ID: str(env, 'APNS_KEY_ID'), APNS_TEAM_ID: str(env, 'APNS_TEAM_ID'), APNS_TOPIC: str(env, 'APNS_TOPIC') };
  const setParts = Object.entries(apnsParts).filter(([, v]) => v !== null);
  if (setParts.length > 0 && setParts.length < 4) {
    fail(Object.entries(apnsParts).find(([, v]) => v === null)![0], 'must be set together with APNS_KEY, APNS_KEY_ID, APNS_TEAM_ID and APNS_TOPIC');
  }
  if (apnsKey !== null && !apnsKey.includes('-----BEGIN PRIVATE KEY-----')) fail('APNS_KEY', 'must be the PEM text of the .p8 key (or its file path)');

  let fcm: PushConfig['fcm'] = null;
  const sa = textOrFile(env, 'FCM_SERVICE_ACCOUNT', (v) => v.trimStart().startsWith('{'));
  if (sa !== null) {
    let parsed: Partial<FcmServiceAccount>;
    try {
      parsed = JSON.parse(sa) as Partial<FcmServiceAccount>;
    } catch {
      return fail('FCM_SERVICE_ACCOUNT', 'is not valid JSON');
    }
    for (const field of ['project_id', 'client_email', 'private_key'] as const) {
      if (typeof parsed[field] !== 'string' || parsed[field] === '') fail('FCM_SERVICE_ACCOUNT', `has no ${field}`);
    }
    fcm = {
      serviceAccount: {
        project_id: parsed.project_id!,
        client_email: parsed.client_email!,
        private_key: parsed.private_key!,
        token_uri: typeof parsed.token_uri === 'string' && parsed.token_uri ? parsed.token_uri : 'https://oauth2.googleapis.com/token',
      },
    };
  }
  return {
    apns: apnsKey ? { key: apnsKey, keyId: apnsParts.APNS_KEY_ID!, teamId: apnsParts.APNS_TEAM_ID!, topic: apnsParts.APNS_TOPIC! } : null,
    fcm,
    apnsUrl: parseUrl(env, 'APNS_URL'),
    fcmUrl: parseUrl(env, 'FCM_URL'),
    fcmTokenUrl: parseUrl(env, 'FCM_TOKEN_URL'),
    environment,
  };
}

export function loadConfig(env: Env = process.env): Config {
  const port = parsePort(env);
  const host = str(env, 'HOST') ?? '127.0.0.1';
  const database = parseDatabaseUrl(str(env, 'DATABASE_URL') ?? 'sqlite:./data/service.db');
  const poolSize = str(env, 'DATABASE_POOL_SIZE');
  if (poolSize !== null) {
    if (!/^\d+$/.test(poolSize) || Number(poolSize) < 1 || Number(poolSize) > 1000) fail('DATABASE_POOL_SIZE', `must be an integer from 1 to 1000 (got "${poolSize}")`);
    if (database.engine === 'postgres') database.poolSize = Number(poolSize);
  }
  const scheduler = str(env, 'SCHEDULER') ?? 'on';
  if (scheduler !== 'on' && scheduler !== 'off') fail('SCHEDULER', `must be on or off (got "${scheduler}")`);

  const smtpUrl = str(env, 'SMTP_URL');
  if (smtpUrl !== null && !/^smtps?:\/\//.test(smtpUrl)) fail('SMTP_URL', 'must start with smtp:// or smtps://');

  const adminEmail = str(env, 'ADMIN_EMAIL');
  const adminPassword = str(env, 'ADMIN_PASSWORD');
  if ((adminEmail === null) !== (adminPassword === null)) {
    fail(adminEmail === null ? 'ADMIN_EMAIL' : 'ADMIN_PASSWORD', 'must be set together with ' + (adminEmail === null ? 'ADMIN_PASSWORD' : 'ADMIN_EMAIL'));
  }
  if (adminPassword !== null && adminPassword.length < 8) fail('ADMIN_PASSWORD', 'must be at least 8 characters');
  if (adminEmail !== null && !/^[^\s@]+@[^\s@]+$/.test(adminEmail)) fail('ADMIN_EMAIL', 'is not an e-mail address');

  const aiProvider = str(env, 'AI_PROVIDER');
  if (aiProvider !== null && aiProvider !== 'openai' && aiProvider !== 'anthropic') {
    fail('AI_PROVIDER', `must be openai or anthropic (got "${aiProvider}")`);
  }

  const aiTimeout = str(env, 'AI_TIMEOUT_MS') ?? '60000';
  if (!/^\d+$/.test(aiTimeout) || Number(aiTimeout) < 1) fail('AI_TIMEOUT_MS', `must be a positive number of milliseconds (got "${aiTimeout}")`);

  const logLevel = str(env, 'LOG_LEVEL') ?? 'info';
  if (!LOG_LEVELS.includes(logLevel)) fail('LOG_LEVEL', `must be one of ${LOG_LEVELS.join(', ')}`);
  const logFormat = oneOf(env, 'LOG_FORMAT', LOG_FORMATS, 'auto');

  return {
    port,
    host,
    database,
    dataDir: str(env, 'DATA_DIR') ?? './data',
    publicUrl: parseUrl(env, 'PUBLIC_URL') ?? `http://localhost:${port}`,
    webUrl: parseUrl(env, 'WEB_URL'),
    cronSecret: str(env, 'CRON_SECRET'),
    scheduler: scheduler === 'on',
    smtpUrl,
    mailFrom: str(env, 'MAIL_FROM') ?? 'Social Lists <no-reply@localhost>',
    admin:
      adminEmail && adminPassword
        ? { email: adminEmail, username: str(env, 'ADMIN_USERNAME') ?? 'admin', password: adminPassword }
        : null,
    accountStatusEnforcement: bool(env, 'ACCOUNT_STATUS_ENFORCEMENT', true),
    defaultCustomerStatus: oneOf(env, 'DEFAULT_CUSTOMER_STATUS', CUSTOMER_STATUSES, 'free'),
    ai: {
      provider: aiProvider as 'openai' | 'anthropic' | null,
      apiKey: str(env, 'AI_API_KEY'),
      baseUrl: parseUrl(env, 'AI_BASE_URL'),
      model: str(env, 'AI_MODEL'),
      timeoutMs: Number(aiTimeout),
    },
    logLevel,
    logFormat,
    production: env.NODE_ENV === 'production',
    trustProxy: parseTrustProxy(env),
    oauth: parseOAuth(env),
    networks: parseNetworks(env),
    push: parsePush(env),
    blobStore: parseBlobStore(env),
    outbound: {
      allowedPrivateAddresses: parseAllowedPrivateAddresses(env),
      timeoutMs: positiveInt(env, 'OUTBOUND_FETCH_TIMEOUT_MS', 10_000, 300_000),
      maxBytes: positiveInt(env, 'OUTBOUND_FETCH_MAX_BYTES', 2 * 1024 * 1024, 100 * 1024 * 1024),
    },
    utilities: {
      weatherApiUrl: parseUrl(env, 'WEATHER_API_URL') ?? 'https://api.open-meteo.com/v1/forecast',
      geoipDb: parseMmdbFile(env, 'GEOIP_DB'),
    },
    removalWaitMs: positiveInt(env, 'REMOVAL_WAIT_MS', 25_000, 600_000),
    publicOriginRedirects: parseOrigins(env, 'PUBLIC_ORIGIN_REDIRECTS'),
    billing: parseBilling(env),
    metricsToken: str(env, 'METRICS_TOKEN'),
    tokenSealingKey: parseTokenSealingKey(env),
  };
}

/** The MaxMind DB format ends with its metadata, which starts with this marker (within the last 128 KiB). */
const MMDB_METADATA_MARKER = Buffer.from('\xab\xcd\xefMaxMind.com', 'latin1');

/** A path to a MaxMind-format (.mmdb) file: checked here, so a wrong path stops the start instead of the first lookup. */
function parseMmdbFile(env: Env, name: string): string | null {
  const path = str(env, name);
  if (path === null) return null;
  let tail: Buffer;
  try {
    const fd = openSync(path, 'r');
    try {
      const size = fstatSync(fd).size;
      tail = Buffer.alloc(Math.min(size, 128 * 1024));
      readSync(fd, tail, 0, tail.length, size - tail.length);
    } finally {
      closeSync(fd);
    }
  } catch (err) {
    return fail(name, `cannot be read (${(err as NodeJS.ErrnoException).code ?? 'error'}): ${path}`);
  }
  if (tail.lastIndexOf(MMDB_METADATA_MARKER) < 0) {
    fail(name, `is not a MaxMind-format (.mmdb) database: ${path}`);
  }
  return path;
}
