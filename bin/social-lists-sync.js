#!/usr/bin/env node
// The npm bin `social-lists-sync`: loads the TypeScript entry through tsx (a runtime dependency
// of this package). The entry is found relative to this file, from whatever directory it is run.
import { register } from 'tsx/esm/api';

register();
await import('../src/cli/sync/main.ts');
