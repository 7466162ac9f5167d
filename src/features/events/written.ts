// The events this process has appended, by type, for GET /metrics (metrics.ts): a process-wide
// tally, since appendEvents runs inside a caller's transaction with no app context. Counted when
// appended, so an event whose transaction rolls back is counted too (rare: a failed write).

export const writtenByType = new Map<string, number>();

export function countWritten(type: string): void {
  writtenByType.set(type, (writtenByType.get(type) ?? 0) + 1);
}
