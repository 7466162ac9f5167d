import ipaddr from 'ipaddr.js';

// Which addresses a server-side fetch may connect to: public unicast only, plus whatever the
// operator lists in ALLOWED_PRIVATE_ADDRESSES. Everything ipaddr.js classes as anything but
// `unicast` is refused (loopback, private, link-local, unique-local, multicast, unspecified,
// carrier-grade NAT, broadcast, reserved, documentation, 6to4, Teredo, NAT64...), and IPv4-mapped
// IPv6 (::ffff:127.0.0.1) is judged as the IPv4 address it is.

type Address = ipaddr.IPv4 | ipaddr.IPv6;
type Range = [Address, number];

/** IPv4-compatible IPv6 (::a.b.c.d, deprecated): ipaddr.js calls it unicast, yet it embeds IPv4. */
const IPV4_COMPATIBLE: Range = ipaddr.parseCIDR('::/96');

export class AddressPolicy {
  private readonly allowed: Range[];

  /** `allowed`: CIDR strings, as config.outbound.allowedPrivateAddresses holds them. */
  constructor(allowed: readonly string[]) {
    this.allowed = allowed.map((cidr) => unmapped(ipaddr.parseCIDR(cidr)));
  }

  /** Whether the operator listed the address in ALLOWED_PRIVATE_ADDRESSES. */
  listed(address: string): boolean {
    try {
      const parsed = ipaddr.process(address);
      return this.allowed.some((range) => sameKind(parsed, range) && parsed.match(range));
    } catch {
      return false;
    }
  }

  /** Null when the address may be reached, else the name of the range that refuses it. */
  refusal(address: string): string | null {
    let parsed: Address;
    try {
      parsed = ipaddr.process(address);
    } catch {
      return 'invalid';
    }
    if (this.listed(address)) return null;
    const range = parsed.range();
    if (range !== 'unicast') return range;
    return parsed.kind() === 'ipv6' && parsed.match(IPV4_COMPATIBLE) ? 'ipv4Compatible' : null;
  }
}

/** A listed IPv4-mapped range (::ffff:10.0.0.0/104) as the IPv4 range it is, as addresses are judged. */
function unmapped([address, bits]: Range): Range {
  if (address.kind() === 'ipv6' && (address as ipaddr.IPv6).isIPv4MappedAddress() && bits >= 96) {
    return [(address as ipaddr.IPv6).toIPv4Address(), bits - 96];
  }
  return [address, bits];
}

function sameKind(address: Address, range: Range): boolean {
  return address.kind() === range[0].kind();
}
