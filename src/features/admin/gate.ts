import type { FastifyRequest } from 'fastify';
import { requireSession, requireUser, type Caller } from '../../http/auth.js';
import { forbidden } from '../../http/errors.js';
import { assertWritable } from '../../http/guards.js';
import { isAdministratorOwner } from './system-org.js';

// The administrator gate (spec, Administration): authenticated, an Administrator record and owner
// of the system public organization; otherwise 403 admin_required. Each gate runs as the route's
// preValidation hook (so 401/403 come before any input error) and again in the handler to get the
// caller; the result is memoised per request, so the database is asked once.

type Gate = (request: FastifyRequest) => Promise<Caller>;

function adminGate(authenticate: (request: FastifyRequest) => Promise<Caller>, write: boolean): Gate {
  const memo = new WeakMap<FastifyRequest, Promise<Caller>>();
  return (request) => {
    let result = memo.get(request);
    if (!result) {
      result = (async () => {
        const caller = await authenticate(request);
        if (!(await isAdministratorOwner(request.server.ctx.db.kysely, caller.user.id))) {
          throw forbidden('Administrator access required', 'admin_required');
        }
        if (write) assertWritable(request, caller.user);
        return caller;
      })();
      memo.set(request, result);
    }
    return result;
  };
}

/** Admin reads: session cookie or Bearer token. */
export const requireAdmin = adminGate(requireUser, false);
/** Admin writes: as requireAdmin, and the caller's account status must allow writes. */
export const requireAdminWrite = adminGate(requireUser, true);
/** Session-only admin reads (architecture aggregates): a Bearer token gets 401. */
export const requireAdminSession = adminGate(requireSession, false);

/** A gate as a route hook: `preValidation: hook(requireAdmin)`. */
export function hook(gate: Gate) {
  return async (request: FastifyRequest): Promise<void> => {
    await gate(request);
  };
}
