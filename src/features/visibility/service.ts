// The visibility module's public file: who may see a message (fragments for lists, checks for one
// message) and who may see a user. Every read path asks here; none writes a rule of its own.

export * from './messages.js';
export * from './users.js';
export { authorsWithFollowers, authorsWithFollowersPg, timelineAudience } from './queries.js';
