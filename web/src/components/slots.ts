// Scheduling times: the service publishes at 5-minute slots (a time is rounded up to the next
// one; spec, "Scheduling granularity"), and datetime-local inputs speak local time in minutes.

const SLOT_MS = 5 * 60_000;

/** The 5-minute slot the service publishes at: `at` rounded up (a time on a boundary stays). */
export const slotOf = (at: Date) => new Date(Math.ceil(at.getTime() / SLOT_MS) * SLOT_MS);

/** A Date as a datetime-local input's value (local time, minutes). */
export const localInput = (d: Date) => new Date(d.getTime() - d.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
