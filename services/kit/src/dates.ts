/**
 * Calendar days in a time zone. An `Intl.DateTimeFormat` costs far more to build than to use (ICU loads the zone
 * and the locale's patterns), and the event consumers date every invoice they see, so one formatter per zone is kept.
 */
const formatters = new Map<string, Intl.DateTimeFormat | null>();

function formatterFor(timeZone: string): Intl.DateTimeFormat | null {
  let f = formatters.get(timeZone);
  if (f === undefined) {
    try {
      f = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
    } catch {
      f = null; // not a zone ICU knows: read as UTC
    }
    // Bounded: zones come from organization settings (validated), so the map stays at the few hundred IANA names.
    if (formatters.size < 1000) formatters.set(timeZone, f);
  }
  return f;
}

/** The day (yyyy-mm-dd) an instant falls on in `timeZone`; an unknown zone counts as UTC. */
export function dayInZone(instant: string | Date, timeZone: string): string {
  const d = typeof instant === 'string' ? new Date(instant) : instant;
  return formatterFor(timeZone)?.format(d) ?? d.toISOString().slice(0, 10);
}
