#!/usr/bin/env node
// The sync client run from its TypeScript source through tsx: what bin/social-lists-sync.js runs
// compiled. The end-to-end tests drive the code as it is now, not the last build of it.
import { register } from 'tsx/esm/api';

register();
await import('../../src/cli/sync/main.ts');
