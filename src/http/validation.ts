import Ajv from 'ajv';
import addFormats from 'ajv-formats';
import type { FastifyInstance } from 'fastify';
import { isEmailAddress } from '../lib/email.js';

// Two validators: bodies are strict (no type coercion, unknown fields rejected by each schema's
// additionalProperties: false), query strings and params coerce "10" to 10 as URLs require.
export function registerValidation(app: FastifyInstance): void {
  const common = { allErrors: false, removeAdditional: false, useDefaults: true, strict: false } as const;
  const body = addFormats.default(new Ajv.default({ ...common, coerceTypes: false }));
  const query = addFormats.default(new Ajv.default({ ...common, coerceTypes: 'array' }));
  // `format: 'email'` is the service's own address check, the one list cells use too.
  for (const ajv of [body, query]) ajv.addFormat('email', isEmailAddress);
  // Component schemas (app.addSchema) are known to both before the first route compiles.
  let shared = false;
  app.setValidatorCompiler(({ schema, httpPart }) => {
    if (!shared) {
      for (const component of Object.values(app.getSchemas())) {
        body.addSchema(component as object);
        query.addSchema(component as object);
      }
      shared = true;
    }
    return httpPart === 'body' ? body.compile(schema) : query.compile(schema);
  });
}
