// Conditional GETs: whether a request's If-None-Match names the entity tag of what would be sent
// (weak comparison, as RFC 9110 asks for If-None-Match; `*` matches any current representation).

export function matchesEtag(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header.split(',').some((t) => {
    const tag = t.trim();
    return tag === '*' || tag === etag || tag === `W/${etag}`;
  });
}
