import Ajv, { type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import type { FastifyInstance } from 'fastify';
import { isEmailAddress } from '../lib/email.js';

// Two validators: bodies are strict (no type coercion, unknown fields rejected by each schema's
// additionalProperties: false), query strings and params coerce "10" to 10 as URLs require.
// Both collect every problem of a request (allErrors), so one answer lists them all, and keep the
// failing schema with each (verbose) for its words (validation-messages.ts: `x-rule`, the value
// an enum refused). The values they keep are never logged or sent beyond those sentences.
// Each route's validator is compiled on its first request, not at start: compiling them all took
// seconds of CPU before the first answer (see serialization.ts for the serializers).
export function registerValidation(app: FastifyInstance): void {
  const common = { allErrors: true, verbose: true, removeAdditional: false, useDefaults: true, strict: false } as const;
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
    return compiledOnFirstUse(() => (httpPart === 'body' ? body.compile(schema) : query.compile(schema)));
  });
}

type Validator = ValidateFunction & ((data: unknown) => boolean);

/** A validator compiled on its first call; Fastify reads `errors` from the function it was given. */
export function compiledOnFirstUse(compile: () => ValidateFunction): Validator {
  let compiled: ValidateFunction | null = null;
  const validate = ((data: unknown) => {
    compiled ??= compile();
    const valid = compiled(data);
    validate.errors = compiled.errors;
    return valid;
  }) as Validator;
  return validate;
}
