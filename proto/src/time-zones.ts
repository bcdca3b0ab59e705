import { z } from 'zod';

/**
 * The runtime's ICU still reports some zones under the names IANA has since replaced (a city renamed or a zone moved
 * into a country folder); those are stored and offered under their current IANA names. Zones that IANA merely made
 * links of another (Europe/Amsterdam → Europe/Brussels) stay distinct: people pick their own city.
 */
const RENAMED: Readonly<Record<string, string>> = {
  'Africa/Asmera': 'Africa/Asmara',
  'America/Buenos_Aires': 'America/Argentina/Buenos_Aires',
  'America/Catamarca': 'America/Argentina/Catamarca',
  'America/Cordoba': 'America/Argentina/Cordoba',
  'America/Coral_Harbour': 'America/Atikokan',
  'America/Godthab': 'America/Nuuk',
  'America/Indianapolis': 'America/Indiana/Indianapolis',
  'America/Jujuy': 'America/Argentina/Jujuy',
  'America/Louisville': 'America/Kentucky/Louisville',
  'America/Mendoza': 'America/Argentina/Mendoza',
  'Asia/Calcutta': 'Asia/Kolkata',
  'Asia/Katmandu': 'Asia/Kathmandu',
  'Asia/Rangoon': 'Asia/Yangon',
  'Asia/Saigon': 'Asia/Ho_Chi_Minh',
  'Atlantic/Faeroe': 'Atlantic/Faroe',
  'Europe/Kiev': 'Europe/Kyiv',
  'Pacific/Enderbury': 'Pacific/Kanton',
  'Pacific/Ponape': 'Pacific/Pohnpei',
  'Pacific/Truk': 'Pacific/Chuuk',
};

/**
 * The canonical form of a time-zone name, or null when the runtime knows no such zone: any spelling the runtime
 * resolves (other case, `Etc/UTC`, a backward link such as `US/Eastern`) becomes the zone it stands for, under its
 * current IANA name.
 */
export function canonicalTimeZone(name: string): string | null {
  let resolved: string;
  try {
    resolved = new Intl.DateTimeFormat('en-US', { timeZone: name.trim() }).resolvedOptions().timeZone;
  } catch {
    return null;
  }
  return RENAMED[resolved] ?? resolved;
}

function zonesOfRuntime(): string[] {
  const listed = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  const zones = new Set(['UTC']);
  for (const z of listed) zones.add(RENAMED[z] ?? z);
  return [...zones].sort((a, b) => (a === 'UTC' ? -1 : b === 'UTC' ? 1 : a < b ? -1 : a > b ? 1 : 0));
}

/**
 * Every IANA time zone this runtime knows, canonical names, UTC first, then alphabetical: what an organization may
 * choose. The server's runtime (Node) decides what is accepted; the browser's list only offers choices.
 */
export const TimeZones: readonly [string, ...string[]] = zonesOfRuntime() as [string, ...string[]];

/** A zone name's canonical form when it is one of TimeZones, else null (a guess from a browser or a provider). */
export function knownTimeZone(name: string | null | undefined): string | null {
  const zone = name ? canonicalTimeZone(name) : null;
  return zone && TimeZones.includes(zone) ? zone : null;
}

export const TimeZoneMessages = {
  unknown: 'Time zone must be an IANA time zone such as Europe/Berlin',
} as const;

/** A time-zone field: any spelling of a known zone, stored canonical; an unknown zone is a 400 naming the field. */
export const TimeZone = z
  .string({ error: TimeZoneMessages.unknown })
  .max(64, TimeZoneMessages.unknown)
  .transform((v) => canonicalTimeZone(v) ?? v)
  .pipe(z.enum(TimeZones, { error: TimeZoneMessages.unknown }));

/** The zone the browser (or server) runs in, canonical; UTC when it reports none the list knows. */
export function localTimeZone(): string {
  const zone = canonicalTimeZone(Intl.DateTimeFormat().resolvedOptions().timeZone ?? 'UTC');
  return zone && TimeZones.includes(zone) ? zone : 'UTC';
}

/** The calendar day (yyyy-mm-dd) an instant falls on in `timeZone`; a zone the runtime does not know counts as UTC. */
export function dayInTimeZone(instant: Date, timeZone: string): string {
  let f: Intl.DateTimeFormat;
  try {
    f = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
  } catch {
    return instant.toISOString().slice(0, 10);
  }
  const parts = f.formatToParts(instant);
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}-${part('day')}`;
}
