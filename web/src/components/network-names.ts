// The cross-posting networks as the client names them (the composer's options, the materialize
// panel's draft sizing, a message's deliveries).

export type Channel = 'networkA' | 'networkB' | 'networkC' | 'networkD';

export const NETWORK_LABELS: Record<Channel, string> = {
  networkA: 'networkA (Mastodon-compatible)',
  networkB: 'networkB (AT Protocol)',
  networkC: 'networkC (professional network)',
  networkD: 'networkD (short posts)',
};
