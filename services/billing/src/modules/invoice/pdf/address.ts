/** A party's postal address as stored: in parts (what its e-invoice carries) and as one free text. */
export interface PostalAddress {
  address?: string | null;
  street?: string | null;
  postalCode?: string | null;
  city?: string | null;
  /** ISO 3166-1 alpha-2. */
  country?: string | null;
}

/** Countries that write the postal code after the city ("Springfield 62704", "London SW1A 1AA"). */
const CITY_FIRST = new Set(['US', 'CA', 'AU', 'GB', 'IE', 'NZ', 'IN', 'ZA', 'BR']);

const regionNames = new Map<string, Intl.DisplayNames | null>();
/** The country's name in the document's language ("Deutschland" on a German one), else its code. */
function countryName(code: string, language: string): string {
  let names = regionNames.get(language);
  if (names === undefined) {
    try {
      names = new Intl.DisplayNames([language], { type: 'region', fallback: 'code' });
    } catch {
      names = null;
    }
    regionNames.set(language, names);
  }
  try {
    return names?.of(code) ?? code;
  } catch {
    return code;
  }
}

const clean = (v: string | null | undefined) => v?.trim() || null;

/**
 * The lines a document prints for an address: street, postal code and city in the order the country writes them,
 * and the country. The parts win over the free text when there are any, so the PDF says what the e-invoice says;
 * the free text is printed as it was typed otherwise.
 */
export function postalLines(a: PostalAddress | null | undefined, language: string): string[] {
  if (!a) return [];
  const [street, postalCode, city, country] = [a.street, a.postalCode, a.city, a.country].map(clean);
  const lines: string[] = [];
  if (street || postalCode || city) {
    if (street) lines.push(...street.split('\n'));
    const place = CITY_FIRST.has(country ?? '') ? [city, postalCode] : [postalCode, city];
    if (postalCode || city) lines.push(place.filter(Boolean).join(' '));
  } else if (clean(a.address)) lines.push(...clean(a.address)!.split('\n'));
  if (country) lines.push(countryName(country, language));
  return lines.map((l) => l.trim()).filter(Boolean);
}
