import ipaddr from 'ipaddr.js';

// A small writer of the MaxMind DB format (https://maxmind.github.io/MaxMind-DB/), for tests that
// need a database of their own, with MaxMind's record shapes, at GEOIP_DB: an IPv6 search tree
// (IPv4 networks under ::/96, where readers look them up), 24-bit records, and the data types
// such records use (maps, arrays, UTF-8 strings, doubles, unsigned integers, booleans).

export type MmdbValue = string | number | boolean | MmdbValue[] | { [key: string]: MmdbValue };

type TreeRecord = { node: number } | { data: number } | null;

/** The bytes of a database holding `networks` (CIDR → record). */
export function writeMmdb(networks: Record<string, MmdbValue> | [string, MmdbValue][], databaseType = 'GeoLite2-City'): Buffer {
  const entries = Array.isArray(networks) ? networks : Object.entries(networks);
  const data: Buffer[] = [];
  let dataSize = 0;
  const nodes: [TreeRecord, TreeRecord][] = [[null, null]];
  for (const [cidr, value] of entries) {
    const offset = dataSize;
    const encoded = encode(value);
    data.push(encoded);
    dataSize += encoded.length;
    const [address, prefix] = ipaddr.parseCIDR(cidr);
    const bytes = address.kind() === 'ipv4' ? [...new Array(12).fill(0), ...address.toByteArray()] : address.toByteArray();
    const bits = address.kind() === 'ipv4' ? prefix + 96 : prefix;
    let node = 0;
    for (let i = 0; i < bits; i += 1) {
      const bit = (bytes[i >> 3] >> (7 - (i & 7))) & 1;
      if (i === bits - 1) {
        nodes[node][bit] = { data: offset };
        break;
      }
      const next = nodes[node][bit];
      if (next && 'node' in next) {
        node = next.node;
      } else {
        nodes.push([null, null]);
        nodes[node][bit] = { node: nodes.length - 1 };
        node = nodes.length - 1;
      }
    }
  }
  const count = nodes.length;
  const tree = Buffer.alloc(count * 6);
  const recordValue = (r: TreeRecord) => (r === null ? count : 'node' in r ? r.node : count + 16 + r.data);
  nodes.forEach(([left, right], i) => {
    tree.writeUIntBE(recordValue(left), i * 6, 3);
    tree.writeUIntBE(recordValue(right), i * 6 + 3, 3);
  });
  const metadata = encode({
    node_count: count,
    record_size: 24,
    ip_version: 6,
    database_type: databaseType,
    languages: ['en'],
    binary_format_major_version: 2,
    binary_format_minor_version: 0,
    build_epoch: 1_790_000_000,
    description: { en: 'A test database' },
  });
  return Buffer.concat([tree, Buffer.alloc(16), ...data, Buffer.from('\xab\xcd\xefMaxMind.com', 'latin1'), metadata]);
}

function control(type: number, size: number): Buffer {
  const extended = type > 7;
  const head = (extended ? 0 : type) << 5;
  const sizeBytes =
    size < 29 ? [head | size]
    : size < 285 ? [head | 29, size - 29]
    : [head | 30, (size - 285) >> 8, (size - 285) & 0xff];
  if (!extended) return Buffer.from(sizeBytes);
  return Buffer.from([sizeBytes[0], type - 7, ...sizeBytes.slice(1)]);
}

function unsigned(type: number, value: number): Buffer {
  const bytes: number[] = [];
  for (let v = value; v > 0; v = Math.floor(v / 256)) bytes.unshift(v % 256);
  return Buffer.concat([control(type, bytes.length), Buffer.from(bytes)]);
}

function encode(value: MmdbValue): Buffer {
  if (typeof value === 'string') {
    const bytes = Buffer.from(value, 'utf8');
    return Buffer.concat([control(2, bytes.length), bytes]);
  }
  if (typeof value === 'boolean') return control(14, value ? 1 : 0);
  if (typeof value === 'number') {
    if (Number.isInteger(value) && value >= 0) return unsigned(value > 0xffffffff ? 9 : 6, value);
    const bytes = Buffer.alloc(8);
    bytes.writeDoubleBE(value);
    return Buffer.concat([control(3, 8), bytes]);
  }
  if (Array.isArray(value)) return Buffer.concat([control(11, value.length), ...value.map(encode)]);
  const entries = Object.entries(value);
  return Buffer.concat([control(7, entries.length), ...entries.flatMap(([k, v]) => [encode(k), encode(v)])]);
}
