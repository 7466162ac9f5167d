import { describe, expect, it } from 'vitest';
import { AddressPolicy } from '../../src/adapters/outbound-fetch/address-policy.js';

// Which resolved addresses a server-side fetch may connect to. No network: addresses only.

const closed = new AddressPolicy([]);

describe('AddressPolicy', () => {
  it.each([
    ['127.0.0.1', 'loopback'],
    ['127.255.255.254', 'loopback'],
    ['10.0.0.1', 'private'],
    ['172.16.0.1', 'private'],
    ['172.31.255.255', 'private'],
    ['192.168.1.1', 'private'],
    ['169.254.169.254', 'linkLocal'],
    ['100.64.0.1', 'carrierGradeNat'],
    ['224.0.0.1', 'multicast'],
    ['239.255.255.250', 'multicast'],
    ['255.255.255.255', 'broadcast'],
    ['0.0.0.0', 'unspecified'],
    ['0.1.2.3', 'unspecified'],
    ['192.0.2.1', 'reserved'],
    ['198.18.0.1', 'reserved'],
    ['240.0.0.1', 'reserved'],
    ['::', 'unspecified'],
    ['::1', 'loopback'],
    ['fe80::1', 'linkLocal'],
    ['fe80::1%eth0', 'linkLocal'],
    ['fc00::1', 'uniqueLocal'],
    ['fd12:3456::1', 'uniqueLocal'],
    ['ff02::1', 'multicast'],
    ['::ffff:127.0.0.1', 'loopback'],
    ['::ffff:7f00:1', 'loopback'],
    ['::ffff:10.0.0.1', 'private'],
    ['::ffff:169.254.169.254', 'linkLocal'],
    ['::ffff:0.0.0.0', 'unspecified'],
    ['::7f00:1', 'ipv4Compatible'],
    ['::a00:1', 'ipv4Compatible'],
    ['64:ff9b::a00:1', 'rfc6052'],
    ['2002:7f00:1::', '6to4'],
    ['2001:0:4136:e378::1', 'teredo'],
    ['2001:db8::1', 'reserved'],
    ['not an address', 'invalid'],
    ['', 'invalid'],
  ])('refuses %s (%s)', (address, range) => {
    expect(closed.refusal(address)).toBe(range);
  });

  it.each(['8.8.8.8', '1.1.1.1', '93.184.216.34', '172.32.0.1', '100.128.0.1', '2606:4700:4700::1111', '2a00:1450:4001::200e', '::ffff:8.8.8.8'])(
    'lets public %s through',
    (address) => {
      expect(closed.refusal(address)).toBeNull();
    },
  );

  it('lets listed addresses and ranges through, and nothing next to them', () => {
    const policy = new AddressPolicy(['127.0.0.2/32', '10.1.0.0/16', 'fd00::/8']);
    expect(policy.refusal('127.0.0.2')).toBeNull();
    expect(policy.refusal('::ffff:127.0.0.2')).toBeNull();
    expect(policy.refusal('127.0.0.1')).toBe('loopback');
    expect(policy.refusal('127.0.0.3')).toBe('loopback');
    expect(policy.refusal('10.1.255.7')).toBeNull();
    expect(policy.refusal('10.2.0.1')).toBe('private');
    expect(policy.refusal('fd00::5')).toBeNull();
    expect(policy.refusal('fc00::5')).toBe('uniqueLocal');
    expect(policy.refusal('::1')).toBe('loopback');
    expect(policy.refusal('8.8.8.8')).toBeNull();
  });

  it('reads a listed IPv4-mapped range as the IPv4 range it is', () => {
    const policy = new AddressPolicy(['::ffff:10.1.0.0/112', '::ffff:0:0/95']);
    expect(policy.refusal('10.1.0.9')).toBeNull();
    expect(policy.refusal('::ffff:10.1.0.9')).toBeNull();
    expect(policy.refusal('10.2.0.9')).toBe('private');
    // Wider than the mapped block: left as an IPv6 range, which no IPv4 address is judged by.
    expect(policy.refusal('127.0.0.1')).toBe('loopback');
    // An IPv6 range of 96 bits or more that is not mapped stays IPv6.
    expect(new AddressPolicy(['fd00::1/128']).refusal('fd00::1')).toBeNull();
    // The whole mapped block is every IPv4 address.
    expect(new AddressPolicy(['::ffff:0:0/96']).refusal('127.0.0.1')).toBeNull();
  });
});
