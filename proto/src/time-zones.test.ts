import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { canonicalTimeZone, dayInTimeZone, knownTimeZone, TimeZone, TimeZones } from './time-zones.ts';
import { OrganizationSettingsBody } from './settings.ts';

/** The eight zones offered before the full list: organizations saved them, they stay valid. */
const EARLIER = [
  'UTC',
  'America/New_York',
  'America/Chicago',
  'America/Denver',
  'America/Los_Angeles',
  'Europe/London',
  'Europe/Paris',
  'Asia/Tokyo',
];

describe('TimeZones: the full IANA list', () => {
  it('holds every zone the runtime reports, UTC first, canonical names, no duplicates', () => {
    expect(TimeZones[0]).toBe('UTC');
    expect(TimeZones.length).toBeGreaterThan(400);
    expect(new Set(TimeZones).size).toBe(TimeZones.length);
    for (const zone of Intl.supportedValuesOf('timeZone')) expect(TimeZones).toContain(canonicalTimeZone(zone));
    expect(TimeZones).toContain('Europe/Berlin');
    expect(TimeZones).toContain('Asia/Kolkata');
    expect(TimeZones).not.toContain('Asia/Calcutta');
    expect(TimeZones).toContain('Europe/Kyiv');
  });
  it('every listed zone is one the runtime can format dates in', () => {
    for (const zone of TimeZones) expect(() => new Intl.DateTimeFormat('en', { timeZone: zone })).not.toThrow();
  });
});

describe('TimeZone: the field', () => {
  it('canonicalizes aliases and spellings', () => {
    expect(TimeZone.parse('Asia/Calcutta')).toBe('Asia/Kolkata');
    expect(TimeZone.parse('Asia/Kolkata')).toBe('Asia/Kolkata');
    expect(TimeZone.parse('Etc/UTC')).toBe('UTC');
    expect(TimeZone.parse('europe/berlin')).toBe('Europe/Berlin');
    expect(TimeZone.parse(' Europe/Berlin ')).toBe('Europe/Berlin');
  });
  it('refuses an unknown zone', () => {
    expect(TimeZone.safeParse('Mars/Olympus').success).toBe(false);
    expect(TimeZone.safeParse('').success).toBe(false);
    expect(TimeZone.safeParse(42).success).toBe(false);
  });
  it('in the settings body: every earlier choice stays valid, an unknown zone names timezone', () => {
    for (const zone of EARLIER) expect(OrganizationSettingsBody.parse({ companyName: 'A', timezone: zone }).timezone).toBe(zone);
    expect(OrganizationSettingsBody.parse({ companyName: 'A' }).timezone).toBe('UTC');
    const r = OrganizationSettingsBody.safeParse({ companyName: 'A', timezone: 'Mars/Olympus' });
    expect(r.success).toBe(false);
    expect(z.treeifyError(r.error!).properties?.timezone?.errors).toEqual(['Time zone must be an IANA time zone such as Europe/Berlin']);
  });
});

describe('dayInTimeZone', () => {
  it('the day of an instant in a zone, across midnight and the year end', () => {
    expect(dayInTimeZone(new Date('2026-12-31T23:30:00Z'), 'Europe/Berlin')).toBe('2027-01-01');
    expect(dayInTimeZone(new Date('2026-12-31T23:30:00Z'), 'UTC')).toBe('2026-12-31');
    expect(dayInTimeZone(new Date('2027-01-01T03:00:00Z'), 'America/Los_Angeles')).toBe('2026-12-31');
    expect(dayInTimeZone(new Date('2026-06-01T12:00:00Z'), 'Mars/Olympus')).toBe('2026-06-01');
  });
});

describe('knownTimeZone: a guessed zone', () => {
  it('canonical when known, null otherwise', () => {
    expect(knownTimeZone('Asia/Calcutta')).toBe('Asia/Kolkata');
    expect(knownTimeZone('Europe/Berlin')).toBe('Europe/Berlin');
    expect(knownTimeZone('Mars/Olympus')).toBeNull();
    expect(knownTimeZone('')).toBeNull();
    expect(knownTimeZone(undefined)).toBeNull();
  });
});
