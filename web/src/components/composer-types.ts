import type { paths } from '../api/schema';

// The types the composer and its lazy options chunk share (a file of their own, so that neither
// of the two imports the other).

/** The service's own length rules (src/lib/post-lengths.ts), loaded after the first paint. */
export type Lengths = typeof import('../../../src/lib/post-lengths');
export type MessageBody = paths['/api/messages']['post']['requestBody']['content']['application/json'];
