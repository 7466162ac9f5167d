import type { Insertable, Kysely } from 'kysely';
import type { AnalyticsEventsTable, Database } from '../../db/types.js';

// The analytics events' queries, which the service calls (README, Design: queries).

export async function insertAnalyticsEvents(db: Kysely<Database>, rows: Insertable<AnalyticsEventsTable>[]): Promise<void> {
  await db.insertInto('analytics_events').values(rows).execute();
}
