import type { Config } from '../../config.js';
import type { OutboundFetcher } from '../outbound-fetch/index.js';
import { createNetworkA } from './network-a.js';
import { createNetworkBAdapter } from './network-b.js';
import { createNetworkC, type NetworkCAdapter } from './network-c.js';
import { createNetworkD } from './network-d.js';
import type { NetworkAdapter } from './types.js';

// The network adapters of this app, built from the configuration with the guarded fetcher: every
// provider call goes through the SSRF guard (networkA's instance is the user's choice; the
// others' origins are configuration, overridden by loopback stand-ins in tests; networkB's PDS is
// the account's own, found at sign-in).

export interface NetworkAdapters {
  networkA?: NetworkAdapter;
  networkB?: NetworkAdapter;
  networkC?: NetworkCAdapter;
  networkD?: NetworkAdapter;
}

/** The origin of a URL, or null. */
const origin = (url: string | null | undefined) => (url ? new URL(url).origin : null);

export function createNetworkAdapters(config: Config, fetcher: OutboundFetcher): NetworkAdapters {
  const n = config.networks;
  return {
    networkA: createNetworkA({ fetcher }),
    networkB: createNetworkBAdapter({ fetcher, directoryUrl: n.networkBDirectoryUrl }),
    networkC: createNetworkC({ fetcher, apiUrl: n.networkCApiUrl, apiVersion: n.networkCApiVersion, webUrl: origin(n.networkCAuthUrl) }),
    networkD: createNetworkD({ fetcher, apiUrl: n.networkDApiUrl, webUrl: origin(n.networkDAuthUrl) }),
  };
}
