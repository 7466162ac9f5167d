import { createServer, type IncomingHttpHeaders, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { member, type Member } from '../messages/helpers.js';

// Loopback stand-ins for the two provider APIs (OpenAI chat completions, Anthropic messages),
// answering what each test scripts, in order, and recording every request they get; plus a test
// app configured for one of them, with its log captured so tests can look for the key in it.

export const AI_KEY = 'sk-test-SECRET-key-0123456789abcdef';

export interface SeenRequest {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  body: any;
}

/** One scripted answer: a status and JSON body, raw text, or no answer at all. */
export type Scripted = { status?: number; json?: unknown; text?: string; hang?: true };

export class ProviderStandIn {
  /** `fallback`: the answer when nothing is scripted (by default a 500 that fails the call). */
  constructor(private readonly fallback: Scripted = { status: 500, json: { error: { message: 'unscripted request' } } }) {}

  readonly seen: SeenRequest[] = [];
  private readonly script: Scripted[] = [];
  private readonly hanging = new Set<ServerResponse>();
  private server: Server | null = null;
  url = '';

  async start(): Promise<this> {
    this.server = createServer((req, res) => {
      let raw = '';
      req.on('data', (c) => (raw += c));
      req.on('end', () => {
        let body: unknown = raw;
        try {
          body = JSON.parse(raw);
        } catch {
          // Kept as text.
        }
        this.seen.push({ method: req.method ?? '', path: req.url ?? '', headers: req.headers, body });
        const next = this.script.shift() ?? this.fallback;
        if (next.hang) {
          this.hanging.add(res);
          return;
        }
        res.writeHead(next.status ?? 200, { 'content-type': next.text !== undefined ? 'text/plain' : 'application/json' });
        res.end(next.text ?? JSON.stringify(next.json));
      });
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this;
  }

  answer(...answers: Scripted[]): this {
    this.script.push(...answers);
    return this;
  }

  /** Forgets what was seen and scripted. */
  reset(): void {
    this.seen.length = 0;
    this.script.length = 0;
  }

  async stop(): Promise<void> {
    for (const res of this.hanging) res.destroy();
    this.server?.closeAllConnections();
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }
}

/** An OpenAI chat completion whose message holds `content` (a JSON text, or anything). */
export function openAiAnswer(content: unknown, options: { refusal?: string; finish?: string; model?: string } = {}): Scripted {
  const text = content === null ? null : typeof content === 'string' ? content : JSON.stringify(content);
  return {
    json: {
      id: 'chatcmpl-1',
      object: 'chat.completion',
      created: 1_700_000_000,
      model: options.model ?? 'stand-in-model',
      choices: [{ index: 0, message: { role: 'assistant', content: text, refusal: options.refusal ?? null }, finish_reason: options.finish ?? 'stop' }],
      usage: { prompt_tokens: 120, completion_tokens: 80, total_tokens: 200 },
    },
  };
}

/** An Anthropic message: the forced tool called with `input`, or (input null) a text block. */
export function anthropicAnswer(input: unknown, options: { stop?: string; text?: string; model?: string } = {}): Scripted {
  const content = input !== null ? [{ type: 'tool_use', id: 'toolu_1', name: 'artifact', input }] : [{ type: 'text', text: options.text ?? '' }];
  return {
    json: {
      id: 'msg_1',
      type: 'message',
      role: 'assistant',
      model: options.model ?? 'stand-in-claude',
      content,
      stop_reason: options.stop ?? (input !== null ? 'tool_use' : 'end_turn'),
      stop_sequence: null,
      usage: { input_tokens: 100, output_tokens: 50 },
    },
  };
}

export interface AiTestApp extends TestApp {
  /** Everything the server logged. */
  log: () => string;
}

/** A test app whose provider is the stand-in (`provider` null: no key configured). */
export async function aiApp(standIn: ProviderStandIn, provider: 'openai' | 'anthropic' | null = 'openai', env: Record<string, string> = {}): Promise<AiTestApp> {
  let log = '';
  const logStream = new Writable({
    write(chunk, _enc, cb) {
      log += String(chunk);
      cb();
    },
  });
  const providerEnv: Record<string, string> =
    provider === null ?
      { AI_BASE_URL: `${standIn.url}/v1` }
    : { AI_PROVIDER: provider, AI_API_KEY: AI_KEY, AI_BASE_URL: provider === 'openai' ? `${standIn.url}/v1` : standIn.url };
  const t = await createTestApp({ smtp: false, logStream, env: { SCHEDULER: 'off', LOG_LEVEL: 'debug', AI_TIMEOUT_MS: '2000', ...providerEnv, ...env } });
  return Object.assign(t, { log: () => log });
}

/** An active subscriber (the AI features' audience). */
export const aiUser = (t: TestApp, fields: Record<string, unknown> = {}): Promise<Member> =>
  member(t, { customer_status: 'subscriber', email_verified: true, ...fields });

/** POST to an AI endpoint as `who` (cookie). */
export function aiPost(t: TestApp, who: Member | null, path: 'suggest' | 'generate', payload: unknown) {
  return t.app.inject({ method: 'POST', url: `/api/ai/${path}`, headers: who ? { cookie: who.cookie } : {}, payload: payload as object });
}

/** The ledger rows of a user, oldest first. */
export async function ledger(t: TestApp, userId: string) {
  return t.db.kysely.selectFrom('ai_usage').selectAll().where('user_id', '=', userId).orderBy('created_at').orderBy('id').execute();
}

// Model answers the tests reuse (without `kind`: the server sets it).
export const LIST_OUTPUT = {
  title: 'Reading list',
  description: 'Books to read',
  dsl: {
    name: 'Reading list',
    fields: [
      { key: 'title', type: 'text', label: 'Title', required: true },
      { key: 'status', type: 'select', label: 'Status', options: ['to read', 'reading', 'done'] },
      { key: 'rating', type: 'number', label: 'Rating', validation: { min: 1, max: 5 } },
    ],
  },
  rows: [
    { title: 'Dune', status: 'reading', rating: 5 },
    { title: 'Emma', status: 'lost', rating: 3 },
    { title: 'Ulysses', rating: 9 },
    { status: 'done' },
    { title: 'Middlemarch', status: 'done' },
  ],
};

export const DOCUMENT_OUTPUT = { title: 'Composting at home', markdown: '# Composting at home\n\nStart small.', outline: ['Why', 'How'], isPublic: false };

export const seriesItems = (n: number, text = 'Post') => Array.from({ length: n }, (_, i) => ({ order: i + 1, content: `${text} number ${i + 1}` }));

export const TEN_WORDS = 'one two three four five six seven eight nine ten';
