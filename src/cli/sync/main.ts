import { main } from './commands.js';

// Entry point of the `social-lists-sync` bin (bin/social-lists-sync.js loads it through tsx).
process.exitCode = await main(process.argv.slice(2));
