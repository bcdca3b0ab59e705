import { describe, expect, it } from 'vitest';
import { dayInZone } from '../src/dates.ts';

describe('dayInZone', () => {
  it('gives the calendar day of an instant in the zone, across the date line both ways', () => {
    const instant = '2026-03-31T23:30:00Z';
    expect(dayInZone(instant, 'UTC')).toBe('2026-03-31');
    expect(dayInZone(instant, 'Europe/Berlin')).toBe('2026-04-01');
    expect(dayInZone(new Date(instant), 'America/Los_Angeles')).toBe('2026-03-31');
    expect(dayInZone('2026-04-01T02:00:00Z', 'America/New_York')).toBe('2026-03-31');
  });

  it('reads an unknown zone as UTC, every time (the failure is remembered, not retried)', () => {
    expect(dayInZone('2026-03-31T23:30:00Z', 'Mars/Olympus_Mons')).toBe('2026-03-31');
    expect(dayInZone('2026-04-01T00:30:00Z', 'Mars/Olympus_Mons')).toBe('2026-04-01');
  });

  it('follows a zone whose offset changes (daylight saving) with the same formatter', () => {
    expect(dayInZone('2026-01-15T23:30:00Z', 'Europe/London')).toBe('2026-01-15');
    expect(dayInZone('2026-07-15T23:30:00Z', 'Europe/London')).toBe('2026-07-16');
  });
});
