/** A name made safe as one segment of a path inside a ZIP archive (no separators, no dot names). */
export function safeSegment(name: string, fallback = 'untitled'): string {
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is removed
  const cleaned = name.replace(/[\u0000-\u001f\u007f/\\:*?"<>|]/g, '_').trim().slice(0, 200);
  return cleaned === '' || cleaned === '.' || cleaned === '..' ? fallback : cleaned;
}
