import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { expectError } from '../messages/helpers.js';
import type { Member } from '../messages/helpers.js';
import { AI_KEY, aiApp, aiPost, aiUser, anthropicAnswer, ledger, LIST_OUTPUT, openAiAnswer, ProviderStandIn, type AiTestApp } from './support.js';

// suggest against each provider's real API, spoken by a loopback stand-in: the request each SDK
// sends (path, key header, model, the JSON it asks for), a valid artifact, and every way an answer
// fails (not JSON, missing fields, refusals, a content filter, a 500, no answer within the
// configured timeout). Each attempt is in the ledger; the key is in no answer and no log line.

const template = { feature: 'powered_template', input: 'A reading list with title, status and rating' };

describe.each(['openai', 'anthropic'] as const)('suggest through %s', (provider) => {
  const standIn = new ProviderStandIn();
  let t: AiTestApp;
  let ada: Member;
  const bodies: string[] = [];
  const valid = (output: unknown) => (provider === 'openai' ? openAiAnswer(output) : anthropicAnswer(output));

  beforeAll(async () => {
    await standIn.start();
    t = await aiApp(standIn, provider, { AI_TIMEOUT_MS: '400' });
    ada = await aiUser(t);
  });
  afterAll(async () => {
    await t.close();
    await standIn.stop();
    // No answer of the whole file, and no line of the log, holds the key.
    expect(bodies.join('\n')).not.toContain(AI_KEY);
    expect(t.log()).not.toContain(AI_KEY);
  });
  // Past the rate limit's window (15 a minute) before each test.
  beforeEach(() => {
    standIn.reset();
    t.clock.advance(61_000);
  });

  async function suggest(payload: unknown) {
    const res = await aiPost(t, ada, 'suggest', payload);
    bodies.push(res.body, JSON.stringify(res.headers));
    return res;
  }

  it('answers a validated list artifact, its usage and the quota; starter rows the list refuses are dropped', async () => {
    standIn.answer(valid(LIST_OUTPUT));
    const res = await suggest(template);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.ok).toBe(true);
    expect(body.feature).toBe('powered_template');
    expect(body.artifact.kind).toBe('list');
    expect(body.artifact.title).toBe('Reading list');
    expect(body.artifact.dsl.fields.map((f: any) => f.key)).toEqual(['title', 'status', 'rating']);
    // Emma's status is not an option, Ulysses' rating is over 5, the fourth row has no title.
    expect(body.artifact.rows.map((r: any) => r.title)).toEqual(['Dune', 'Middlemarch']);
    expect(body.usage).toEqual(provider === 'openai' ? { inputTokens: 120, outputTokens: 80, model: 'stand-in-model' } : { inputTokens: 100, outputTokens: 50, model: 'stand-in-claude' });
    expect(body.quota).toEqual({ usedToday: 1, dailyLimit: 50 });
    const [row] = (await ledger(t, ada.user.id)).slice(-1);
    expect(row).toMatchObject({ feature: 'powered_template', operation: 'suggest', provider, outcome: 'ok', input_tokens: body.usage.inputTokens, output_tokens: body.usage.outputTokens });
  });

  it('sends the provider’s own request: path, key header, model, the artifact’s JSON schema, the clamped token ceiling', async () => {
    standIn.answer(valid(LIST_OUTPUT), valid(LIST_OUTPUT));
    expect((await suggest(template)).statusCode).toBe(200);
    expect((await suggest({ ...template, model: 'my-model', provider: 'ignored', maxOutputTokens: 100_000 })).statusCode).toBe(200);
    const [first, second] = standIn.seen;
    if (provider === 'openai') {
      expect(first.path).toBe('/v1/chat/completions');
      expect(first.headers.authorization).toBe(`Bearer ${AI_KEY}`);
      expect(first.body.model).toBe('gpt-4.1-mini');
      expect(first.body.response_format.type).toBe('json_schema');
      expect(first.body.response_format.json_schema.schema.required).toEqual(['title', 'description', 'dsl', 'rows']);
      expect(first.body.messages.map((m: any) => m.role)).toEqual(['system', 'user']);
      expect(first.body.messages[1].content).toContain('A reading list with title, status and rating');
      expect(first.body.max_completion_tokens).toBe(4096);
      expect(second.body.model).toBe('my-model');
      expect(second.body.max_completion_tokens).toBe(4096);
    } else {
      expect(first.path).toBe('/v1/messages');
      // @anthropic-ai/sdk 1.x sends the key as a Bearer authorization (0.x sent x-api-key).
      expect(first.headers['x-api-key'] ?? first.headers.authorization).toMatch(new RegExp(`^(Bearer )?${AI_KEY}$`));
      expect(first.headers['anthropic-version']).toBeTruthy();
      expect(first.body.model).toBe('claude-sonnet-4-6');
      expect(first.body.tools[0].input_schema.required).toEqual(['title', 'description', 'dsl', 'rows']);
      expect(first.body.tool_choice).toEqual({ type: 'tool', name: first.body.tools[0].name });
      expect(first.body.messages[0].content).toContain('A reading list with title, status and rating');
      expect(first.body.max_tokens).toBe(4096);
      expect(second.body.model).toBe('my-model');
    }
    // A smaller ceiling asked for is kept.
    standIn.answer(valid(LIST_OUTPUT));
    expect((await suggest({ ...template, maxOutputTokens: 300 })).statusCode).toBe(200);
    expect(provider === 'openai' ? standIn.seen[2].body.max_completion_tokens : standIn.seen[2].body.max_tokens).toBe(300);
  });

  it('output that is not JSON is 422 invalid_ai_output', async () => {
    standIn.answer(provider === 'openai' ? openAiAnswer('Sure! Here is your list: ...') : anthropicAnswer(null, { text: 'Here is a list, in prose.' }));
    expectError(await suggest(template), 422, 'invalid_ai_output');
  });

  it('output missing fields, or a DSL the lists service refuses, is 422 invalid_ai_output', async () => {
    const { rows: _rows, ...noRows } = LIST_OUTPUT;
    standIn.answer(valid(noRows));
    expectError(await suggest(template), 422, 'invalid_ai_output');
    standIn.answer(valid({ ...LIST_OUTPUT, dsl: { ...LIST_OUTPUT.dsl, fields: [{ key: 'pick', type: 'select', label: 'Pick' }] } }));
    const res = await suggest(template);
    expectError(res, 422, 'invalid_ai_output');
    expect(res.json().error).toContain('Invalid schema');
    standIn.answer(valid({ ...LIST_OUTPUT, dsl: { ...LIST_OUTPUT.dsl, fields: [{ key: 'Title', type: 'text', label: 'Title' }] } }));
    expectError(await suggest(template), 422, 'invalid_ai_output');
    const tooMany = Array.from({ length: 21 }, (_, i) => ({ key: `f${i}`, type: 'text', label: `F${i}` }));
    standIn.answer(valid({ ...LIST_OUTPUT, dsl: { ...LIST_OUTPUT.dsl, fields: tooMany }, rows: [] }));
    expectError(await suggest(template), 422, 'invalid_ai_output');
  });

  it('a provider refusal is 422 refused', async () => {
    if (provider === 'openai') {
      standIn.answer(openAiAnswer(null, { refusal: 'I can’t help with that.' }), openAiAnswer('', { finish: 'content_filter' }));
      expectError(await suggest(template), 422, 'refused');
      expectError(await suggest(template), 422, 'refused');
    } else {
      standIn.answer(anthropicAnswer(null, { stop: 'refusal', text: '' }));
      expectError(await suggest(template), 422, 'refused');
    }
  });

  it('an upstream error is 502 provider_error, and the SDK does not retry it', async () => {
    standIn.answer({ status: 500, json: { error: { type: 'api_error', message: `boom ${AI_KEY}` } } }, valid(LIST_OUTPUT));
    const res = await suggest(template);
    expectError(res, 502, 'provider_error');
    expect(standIn.seen).toHaveLength(1);
  });

  it('a call that never answers ends at the configured timeout with 502 provider_error', async () => {
    standIn.answer({ hang: true });
    const started = Date.now();
    expectError(await suggest(template), 502, 'provider_error');
    expect(Date.now() - started).toBeLessThan(5000);
    expect(standIn.seen).toHaveLength(1);
  });

  it('records every attempt with its outcome; failures count against the quota', async () => {
    const outcomes = (await ledger(t, ada.user.id)).map((r) => r.outcome);
    expect(outcomes).not.toContain('pending');
    expect(outcomes).toEqual(expect.arrayContaining(['ok', 'invalid_ai_output', 'refused', 'provider_error']));
    const status = await t.app.inject({ method: 'GET', url: '/api/ai/status', headers: { cookie: ada.cookie } });
    bodies.push(status.body);
    expect(status.json().quota).toEqual({ usedToday: outcomes.length, dailyLimit: 50, remaining: 50 - outcomes.length });
  });
});

describe('status, and no provider configured', () => {
  const standIn = new ProviderStandIn();
  let bare: AiTestApp;
  let configured: AiTestApp;

  beforeAll(async () => {
    await standIn.start();
    bare = await aiApp(standIn, null);
    configured = await aiApp(standIn, 'anthropic', { AI_MODEL: 'claude-custom' });
  });
  afterAll(async () => {
    await bare.close();
    await configured.close();
    await standIn.stop();
  });

  it('answers 401 without credentials', async () => {
    expectError(await bare.app.inject({ method: 'GET', url: '/api/ai/status' }), 401, 'unauthorized');
  });

  it('with no key: no provider, no default model; suggest and generate are 409 no_provider_configured and call nothing', async () => {
    const ada = await aiUser(bare);
    const res = await bare.app.inject({ method: 'GET', url: '/api/ai/status', headers: { cookie: ada.cookie } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ subscriber: true, providers: [], defaultModels: {}, quota: { usedToday: 0, dailyLimit: 50, remaining: 50 } });
    expectError(await aiPost(bare, ada, 'suggest', template), 409, 'no_provider_configured');
    const artifact = { kind: 'document', title: 'T', markdown: '# T', outline: [], isPublic: false };
    expectError(await aiPost(bare, ada, 'generate', { feature: 'powered_document', artifact }), 409, 'no_provider_configured');
    expect(standIn.seen).toEqual([]);
    expect(await ledger(bare, ada.user.id)).toEqual([]);
  });

  it('with a key: the provider and its fallback model (AI_MODEL), never the key; a free user sees subscriber false', async () => {
    const free = await aiUser(configured, { customer_status: 'free' });
    const res = await configured.app.inject({ method: 'GET', url: '/api/ai/status', headers: { authorization: free.bearer } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ subscriber: false, providers: ['anthropic'], defaultModels: { anthropic: 'claude-custom' }, quota: { usedToday: 0, dailyLimit: 50, remaining: 50 } });
    expect(res.body).not.toContain(AI_KEY);
    expectError(await aiPost(configured, free, 'suggest', template), 403, 'subscription_required');
  });
});
