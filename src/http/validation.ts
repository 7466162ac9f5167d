import Ajv from 'ajv';
import addFormats from 'ajv-formats';
import type { FastifyInstance } from 'fastify';

// Two validators: bodies are strict (no type coercion, unknown fields rejected by each schema's
// additionalProperties: false), query strings and params coerce "10" to 10 as URLs require.
export function registerValidation(app: FastifyInstance): void {
  const common = { allErrors: false, removeAdditional: false, useDefaults: true, strict: false } as const;
  const body = addFormats.default(new Ajv.default({ ...common, coerceTypes: false }));
  const query = addFormats.default(new Ajv.default({ ...common, coerceTypes: 'array' }));
  app.setValidatorCompiler(({ schema, httpPart }) => (httpPart === 'body' ? body.compile(schema) : query.compile(schema)));
}
