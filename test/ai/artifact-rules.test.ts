import { describe, expect, it } from 'vitest';
import { artifactKindOf, clamp, FEATURE_SPECS, PERSISTED_BY, seriesCount, wordCount } from '../../src/features/ai/features.js';
import { artifactFromOutput, checkArtifact, providerSchema } from '../../src/features/ai/validate.js';
import { lengthRule } from '../../src/lib/post-lengths.js';

// The AI artifacts' rules called directly, no app and no provider: the feature numbers of the
// spec's Limits (caps, ceilings, series sizes), the series' count and order, post lengths and the
// artifact schemas. The HTTP tests (features.test.ts, generate.test.ts) show the same rules
// through the API; these pin every bound, fast enough for a mutation run.

const roomy = { length: lengthRule([], 10_000), count: null };
const items = (n: number, content = (i: number) => `post ${i}`) => Array.from({ length: n }, (_, i) => ({ order: i + 1, content: content(i + 1) }));
const series = (n: number) => ({ kind: 'message_series', listTitle: 'Launch week', items: items(n) });
const docs = (n: number) => ({ kind: 'doc_series', folderTitle: 'Guide', documents: Array.from({ length: n }, (_, i) => ({ order: i + 1, title: `Part ${i + 1}`, markdown: `# Part ${i + 1}` })) });
const invalid = (run: () => unknown, text?: string | RegExp) => {
  try {
    run();
  } catch (err) {
    expect(err).toMatchObject({ statusCode: 422, code: 'invalid_ai_output' });
    if (text !== undefined) expect((err as Error).message).toMatch(text);
    return;
  }
  throw new Error('expected 422 invalid_ai_output');
};

describe('the feature numbers (spec, Limits)', () => {
  it('input caps, output ceilings, series minimum input and sizes', () => {
    expect(FEATURE_SPECS).toEqual({
      writing_assist: { wordCap: 1500, outputCeiling: 1024, minWords: 1 },
      powered_template: { wordCap: 300, outputCeiling: 4096, minWords: 1 },
      message_series: { wordCap: 500, outputCeiling: 4096, minWords: 10, count: { min: 3, max: 12, fallback: 5 } },
      powered_document: { wordCap: 500, outputCeiling: 8000, minWords: 1 },
      article_series: { wordCap: 500, outputCeiling: 8000, minWords: 10, count: { min: 2, max: 6, fallback: 4 } },
    });
  });

  it('the artifact of each feature, and which kinds generate persists', () => {
    expect(artifactKindOf('powered_template')).toBe('list');
    expect(artifactKindOf('powered_document')).toBe('document');
    expect(artifactKindOf('message_series')).toBe('message_series');
    expect(artifactKindOf('article_series')).toBe('doc_series');
    for (const action of ['rewrite', 'tighten', 'expand', 'grammar'] as const) expect(artifactKindOf('writing_assist', action)).toBe('message');
    expect(artifactKindOf('writing_assist')).toBe('message');
    expect(artifactKindOf('writing_assist', 'thread')).toBe('thread');
    expect(artifactKindOf('writing_assist', 'tags')).toBe('tags');
    expect(PERSISTED_BY).toEqual({ list: 'powered_template', document: 'powered_document', message_series: 'message_series', doc_series: 'article_series' });
  });

  it('words are runs of non-space characters', () => {
    expect(wordCount('')).toBe(0);
    expect(wordCount('   \n\t ')).toBe(0);
    expect(wordCount('one')).toBe(1);
    expect(wordCount('  one  two\nthree\tfour  ')).toBe(4);
    expect(wordCount('a\u00a0b')).toBe(2);
  });

  it('clamp rounds, then keeps within the bounds (both inclusive)', () => {
    expect([clamp(0, 3, 12), clamp(3, 3, 12), clamp(7.4, 3, 12), clamp(7.5, 3, 12), clamp(12, 3, 12), clamp(13, 3, 12)]).toEqual([3, 3, 7, 8, 12, 12]);
  });
});

describe('series sizing', () => {
  it('the count asked for is clamped to the feature’s range, else its default; other features have none', () => {
    expect([seriesCount('message_series', undefined), seriesCount('message_series', 1), seriesCount('message_series', 3), seriesCount('message_series', 12), seriesCount('message_series', 50)]).toEqual([5, 3, 3, 12, 12]);
    expect([seriesCount('article_series', undefined), seriesCount('article_series', 1), seriesCount('article_series', 2), seriesCount('article_series', 6), seriesCount('article_series', 9)]).toEqual([4, 2, 2, 6, 6]);
    for (const feature of ['writing_assist', 'powered_template', 'powered_document'] as const) expect(seriesCount(feature, 5)).toBeNull();
  });

  it('items come back sorted by order and numbered from 1; more than asked are cut; fewer is invalid', () => {
    const shuffled = { kind: 'message_series', listTitle: 'T', items: [{ order: 9, content: 'c' }, { order: 2, content: 'a' }, { order: 5, content: 'b' }, { order: 7, content: 'x' }] };
    expect(checkArtifact('message_series', shuffled, { ...roomy, count: 3 })).toEqual({ kind: 'message_series', listTitle: 'T', items: [{ order: 1, content: 'a' }, { order: 2, content: 'b' }, { order: 3, content: 'x' }] });
    expect((checkArtifact('message_series', series(5), { ...roomy, count: 5 }) as any).items).toHaveLength(5);
    expect((checkArtifact('message_series', series(12), roomy) as any).items).toHaveLength(12);
    invalid(() => checkArtifact('message_series', series(4), { ...roomy, count: 5 }), 'The artifact has 4 items, fewer than the 5 asked for');
    expect((checkArtifact('doc_series', docs(6), { ...roomy, count: 4 }) as any).documents.map((d: any) => [d.order, d.title])).toEqual([
      [1, 'Part 1'],
      [2, 'Part 2'],
      [3, 'Part 3'],
      [4, 'Part 4'],
    ]);
    invalid(() => checkArtifact('doc_series', docs(2), { ...roomy, count: 3 }), 'The artifact has 2 documents, fewer than the 3 asked for');
  });

  it('the schema’s range holds without a count: message series 3 to 12, article series 2 to 6', () => {
    invalid(() => checkArtifact('message_series', series(2), roomy), /schema/);
    invalid(() => checkArtifact('message_series', series(13), roomy), /schema/);
    expect((checkArtifact('message_series', series(3), roomy) as any).items).toHaveLength(3);
    invalid(() => checkArtifact('doc_series', docs(1), roomy), /schema/);
    invalid(() => checkArtifact('doc_series', docs(7), roomy), /schema/);
    expect((checkArtifact('doc_series', docs(2), roomy) as any).documents).toHaveLength(2);
  });

  it('each post fits the tightest limit: at it is taken, one over names the item and the limit', () => {
    const rule = lengthRule(['networkB', 'networkC'], 666);
    expect(rule.limit).toBe(300);
    const at = { kind: 'message_series', listTitle: 'T', items: items(3, (i) => (i === 2 ? 'x'.repeat(300) : 'ok')) };
    expect((checkArtifact('message_series', at, { length: rule, count: null }) as any).items[1].content).toHaveLength(300);
    const over = { ...at, items: items(3, (i) => (i === 2 ? 'x'.repeat(301) : 'ok')) };
    invalid(() => checkArtifact('message_series', over, { length: rule, count: null }), "The artifact's items[1] is 301 graphemes long, over the 300 of networkB");
    invalid(() => checkArtifact('message', { kind: 'message', content: 'x'.repeat(11) }, { length: lengthRule([], 10), count: null }), "The artifact's content is 11");
    invalid(() => checkArtifact('thread', { kind: 'thread', parts: ['fine', 'x'.repeat(11)] }, { length: lengthRule([], 10), count: null }), "The artifact's parts[1] is 11");
    expect(checkArtifact('thread', { kind: 'thread', parts: ['fine', 'x'.repeat(10)] }, { length: lengthRule([], 10), count: null })).toEqual({ kind: 'thread', parts: ['fine', 'x'.repeat(10)] });
  });

  it('cross-post targets of an item: known channels only, once each; absent stays absent', () => {
    const a = { kind: 'message_series', listTitle: 'T', items: [{ order: 1, content: 'a', crossPostTargets: ['networkB', 'networkB', 'networkD'] }, ...items(2).map((x) => ({ ...x, order: x.order + 1 }))] };
    const checked = checkArtifact('message_series', a, roomy) as any;
    expect(checked.items[0].crossPostTargets).toEqual(['networkB', 'networkD']);
    expect(Object.keys(checked.items[1])).toEqual(['order', 'content']);
    invalid(() => checkArtifact('message_series', { ...a, items: [{ order: 1, content: 'a', crossPostTargets: ['elsewhere'] }, ...a.items.slice(1)] }, roomy), /schema/);
  });
});

describe('the artifact schemas', () => {
  it('the model’s answer: extra fields dropped at every depth, kind set by the server; not an object is invalid', () => {
    const answer = { listTitle: 'T', items: items(3).map((x) => ({ ...x, mood: 'happy' })), kind: 'something else', note: 'extra' };
    expect(artifactFromOutput('message_series', answer, roomy)).toEqual({ kind: 'message_series', listTitle: 'T', items: items(3) });
    for (const bad of [null, 'text', 42, [series(3)]]) invalid(() => artifactFromOutput('message_series', bad, roomy), 'The model did not answer with a JSON object');
    invalid(() => artifactFromOutput('message', {}, roomy), 'The artifact does not match its schema: / must have required property');
  });

  it('the schema the provider follows has no kind', () => {
    const schema = providerSchema('message_series') as any;
    expect(schema.properties.kind).toBeUndefined();
    expect(schema.required).toEqual(['listTitle', 'items']);
    expect(schema.$id).toBeUndefined();
    expect(schema.properties.items).toMatchObject({ minItems: 3, maxItems: 12 });
  });

  it('texts need a non-space character; tags are trimmed of # and spaces, kept once, and at least one must be left', () => {
    invalid(() => checkArtifact('message', { kind: 'message', content: '   ' }, roomy), /schema/);
    expect(checkArtifact('tags', { kind: 'tags', tags: ['#one', ' ##two ', 'one', 'two'] }, roomy)).toEqual({ kind: 'tags', tags: ['one', 'two'] });
    invalid(() => checkArtifact('tags', { kind: 'tags', tags: ['#', ' ## '] }, roomy), 'The artifact has no usable tag');
    invalid(() => checkArtifact('thread', { kind: 'thread', parts: ['only one'] }, roomy), /schema/);
  });

  it('a list: its DSL must be one the lists service accepts; starter rows it refuses are dropped; at most 20 fields', () => {
    const field = (key: string) => ({ key, type: 'text', label: key.toUpperCase() });
    const list = { kind: 'list', title: 'Books', description: '', dsl: { name: 'Books', fields: [{ ...field('title'), required: true }, { key: 'pages', type: 'number', label: 'Pages' }] }, rows: [{ title: 'Dune', pages: 412 }, { pages: 'many' }] };
    expect((checkArtifact('list', list, roomy) as any).rows).toEqual([{ title: 'Dune', pages: 412 }]);
    invalid(() => checkArtifact('list', { ...list, dsl: { name: 'Books', fields: [{ key: 'x', type: 'nonsense', label: 'X' }] } }, roomy), /^The list's schema is refused: /);
    invalid(() => checkArtifact('list', { ...list, dsl: { name: 'Books', fields: Array.from({ length: 21 }, (_, i) => field(`f${i}`)) } }, roomy), /schema/);
    invalid(() => checkArtifact('list', { ...list, dsl: { name: 'Books', fields: [field('Bad Key')] } }, roomy), /schema/);
    expect((checkArtifact('list', { ...list, dsl: { name: 'Books', fields: Array.from({ length: 20 }, (_, i) => field(`f${i}`)) }, rows: [] }, roomy) as any).dsl.fields).toHaveLength(20);
  });

  it('a document is taken as it is once it matches', () => {
    const doc = { kind: 'document', title: 'T', markdown: '# T', outline: ['T'], isPublic: false };
    expect(checkArtifact('document', doc, roomy)).toEqual(doc);
    invalid(() => checkArtifact('document', { ...doc, isPublic: 'no' }, roomy), /schema/);
  });
});
