import Ajv, { type ValidateFunction } from 'ajv';
import { AppError, unprocessable } from '../../http/errors.js';
import { compiledOnFirstUse } from '../../http/validation.js';
import { acceptedRows } from '../lists/service.js';
import type { ArtifactKind } from './features.js';
import { isChannel, type LengthRule } from '../../lib/post-lengths.js';
import { ARTIFACT_SCHEMAS, GenerateBodyCheck, type Artifact, type ArtifactOf } from './schemas.js';

// One check of an artifact, for the model's output (suggest) and for what a client sends back
// (generate) alike: the artifact's schema, then the rules its persistence will apply (the lists
// DSL and row validation, post lengths), and the series' item counts. Any failure is 422
// invalid_ai_output; the message names the part, never quoting the model's text.

const invalidOutput = (message: string) => unprocessable(message, 'invalid_ai_output');

// The artifacts' own schemas, compiled once by the JSON-schema validator the routes use.
const ajv = new Ajv.default({ allErrors: false, strict: false });
const checks = new Map<ArtifactKind, ValidateFunction>();
function checkOf(kind: ArtifactKind): ValidateFunction {
  let check = checks.get(kind);
  if (!check) {
    check = ajv.compile(plain(ARTIFACT_SCHEMAS[kind]));
    checks.set(kind, check);
  }
  return check;
}

/** A schema as plain JSON, without its component id. */
function plain(schema: object): Record<string, any> {
  const json = JSON.parse(JSON.stringify(schema)) as Record<string, any>;
  delete json.$id;
  return json;
}

/**
 * generate's route validator: its body with the artifact checked by kind only (schemas.ts,
 * GenerateBodyCheck). Compiled on the first generate, not at start (about 70 ms of a start's CPU).
 */
export const generateBodyValidator = compiledOnFirstUse(() => ajv.compile(plain(GenerateBodyCheck)));

/** Drops the fields a closed object (additionalProperties: false) does not declare, at every depth. */
function dropExtras(schema: Record<string, any>, value: unknown): unknown {
  if (Array.isArray(value)) return schema.items ? value.map((v) => dropExtras(schema.items, v)) : value;
  if (typeof value !== 'object' || value === null || !schema.properties) return value;
  const out: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(value)) {
    if (schema.properties[key]) out[key] = dropExtras(schema.properties[key], v);
    else if (schema.additionalProperties !== false) out[key] = v;
  }
  return out;
}

/** The JSON schema the provider is asked to follow: the artifact's, without `kind` (the server sets it). */
export function providerSchema(kind: ArtifactKind): Record<string, unknown> {
  const schema = plain(ARTIFACT_SCHEMAS[kind]);
  delete schema.properties.kind;
  schema.required = (schema.required as string[]).filter((k) => k !== 'kind');
  return schema;
}

export interface ArtifactRules {
  /** Post lengths (message_series, message, thread). */
  length: LengthRule;
  /** The items a series must have (suggest: the count asked for; more are cut). Null: the schema's range. */
  count: number | null;
}

/** The model's answer as an artifact of `kind`: extra fields dropped, `kind` set, then checked. */
export function artifactFromOutput(kind: ArtifactKind, json: unknown, rules: ArtifactRules): Artifact {
  if (typeof json !== 'object' || json === null || Array.isArray(json)) throw invalidOutput('The model did not answer with a JSON object');
  return checkArtifact(kind, dropExtras(plain(ARTIFACT_SCHEMAS[kind]), { ...(json as object), kind }), rules);
}

/** Why `value` does not match the schema of its artifact kind, or null when it does. */
function schemaViolation(kind: ArtifactKind, value: unknown): string | null {
  const check = checkOf(kind);
  if (check(value)) return null;
  const first = check.errors?.[0];
  return `The artifact does not match its schema: ${first ? `${first.instancePath || '/'} ${first.message}` : 'invalid'}`;
}

/** Checks an artifact and answers it normalised (series in order and numbered from 1, refused starter rows dropped). */
export function checkArtifact(kind: ArtifactKind, value: unknown, rules: ArtifactRules): Artifact {
  const violation = schemaViolation(kind, value);
  if (violation) throw invalidOutput(violation);
  const artifact = structuredClone(value) as Artifact;
  switch (artifact.kind) {
    case 'list':
      return checkList(artifact);
    case 'message_series': {
      const items = inOrder(artifact.items, rules.count, 'items').map((item, i) => ({
        order: i + 1,
        content: fitting(item.content, rules.length, `items[${i}]`),
        ...(item.crossPostTargets ? { crossPostTargets: [...new Set(item.crossPostTargets.filter(isChannel))] } : {}),
      }));
      return { ...artifact, items };
    }
    case 'doc_series':
      return { ...artifact, documents: inOrder(artifact.documents, rules.count, 'documents').map((d, i) => ({ ...d, order: i + 1 })) };
    case 'message':
      return { ...artifact, content: fitting(artifact.content, rules.length, 'content') };
    case 'thread':
      return { ...artifact, parts: artifact.parts.map((p, i) => fitting(p, rules.length, `parts[${i}]`)) };
    case 'tags': {
      const tags = [...new Set(artifact.tags.map((t) => t.trim().replace(/^#+/, '').trim()).filter((t) => t !== ''))];
      if (tags.length === 0) throw invalidOutput('The artifact has no usable tag');
      return { ...artifact, tags };
    }
    case 'document':
      return artifact;
  }
}

/** The list's DSL must be one the lists service accepts; starter rows it would refuse are dropped. */
function checkList(artifact: ArtifactOf<'list'>): ArtifactOf<'list'> {
  try {
    const { rows } = acceptedRows(artifact.dsl, artifact.rows);
    return { ...artifact, rows };
  } catch (err) {
    if (err instanceof AppError && err.statusCode === 400) throw invalidOutput(`The list's schema is refused: ${err.message}`);
    throw err;
  }
}

/** Series items by `order`; fewer than `count` is too few, more are cut. */
function inOrder<T extends { order: number }>(items: readonly T[], count: number | null, what: string): T[] {
  const sorted = [...items].sort((a, b) => a.order - b.order);
  if (count === null) return sorted;
  if (sorted.length < count) throw invalidOutput(`The artifact has ${sorted.length} ${what}, fewer than the ${count} asked for`);
  return sorted.slice(0, count);
}

function fitting(text: string, rule: LengthRule, where: string): string {
  const why = rule.violation(text);
  if (why) throw invalidOutput(`The artifact's ${where} ${why}`);
  return text;
}
