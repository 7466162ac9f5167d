import type { Kysely } from 'kysely';
import type { Engine } from '../connection.js';

// The job runner's table (src/features/jobs/): one row per unit of background work. A runner
// claims due rows (queued and run_at passed, or running with an expired lease) with the claim
// helper, so several instances share the work without running a job twice.
export async function up(db: Kysely<any>, _engine: Engine): Promise<void> {
  await db.schema
    .createTable('jobs')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('payload', 'text', (c) => c.notNull()) // JSON text
    .addColumn('status', 'text', (c) => c.notNull()) // queued | running | done | failed
    .addColumn('run_at', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('max_attempts', 'integer', (c) => c.notNull())
    // While running: when the runner's lease ends; past it, another runner may take the job again.
    .addColumn('locked_until', 'text')
    .addColumn('last_error', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  // Claims (status, run_at) and housekeeping of finished jobs (status, updated_at).
  await db.schema.createIndex('jobs_due_idx').on('jobs').columns(['status', 'run_at']).execute();
  await db.schema.createIndex('jobs_finished_idx').on('jobs').columns(['status', 'updated_at']).execute();
}
