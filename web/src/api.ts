import createClient from 'openapi-fetch';
import type { components, paths } from './api/schema';

// Every call of the client goes through this one typed client (types generated from the served
// OpenAPI document: npm run web:types). Same origin, the session cookie only: no token is ever
// held in script or storage, and the server's Origin check accepts these requests as they are.
export const api = createClient<paths>({ baseUrl: '', credentials: 'same-origin' });

export type Schemas = components['schemas'];
export type Message = Schemas['Message'];
export type CurrentUser = paths['/api/user']['get']['responses'][200]['content']['application/json']['user'];

/** The words of an API error body (`{ error, code }`), or a general sentence when there is none. */
export function errorText(error: unknown, fallback = 'Something went wrong. Try again.'): string {
  if (error && typeof error === 'object' && 'error' in error && typeof error.error === 'string') {
    const body = error as { error: string; errors?: unknown };
    return Array.isArray(body.errors) && body.errors.length > 1 ? body.errors.join(' ') : body.error;
  }
  return fallback;
}
