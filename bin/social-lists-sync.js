#!/usr/bin/env node
// The npm bin `social-lists-sync`: the client compiled at install (npm run build:server, run by
// `prepare`), found relative to this file from whatever directory it is run.
await import('../dist/cli/sync/main.js');
