import { createNetworkAdapters, type NetworkAdapters } from '../../adapters/networks/index.js';
import type { AppContext } from '../../runtime/context.js';
import { AppState } from '../../runtime/state.js';

// This app's network adapters, built once from the configuration with the guarded fetcher (so
// networkA's per-instance limit cache lives as long as the app).
export const networkAdaptersState = new AppState('cross-posts.network-adapters', (ctx) => createNetworkAdapters(ctx.config, ctx.outbound));

export function networkAdapters(ctx: AppContext): NetworkAdapters {
  return ctx.state(networkAdaptersState);
}
