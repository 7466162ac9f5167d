// The in-app paths notifications lead to: a segment goes into one only when it cannot change
// the path's shape (no slash, dot, query or fragment), else the path is null.

export const SAFE_SEGMENT = /^[A-Za-z0-9_-]{1,100}$/;

/** `prefix/segment`, or null when the segment is not safe in a path. */
export const pathTo = (prefix: string, segment: string | null | undefined): string | null => (segment && SAFE_SEGMENT.test(segment) ? `${prefix}/${segment}` : null);
