/**
 * A language's name as its speakers write it ("en" → "English", "de" → "Deutsch", "es" → "Español"): the one place
 * the app turns a stored language code into words. The stored value stays the code.
 */
export function languageName(code: string): string {
  try {
    const name = new Intl.DisplayNames([code], { type: 'language' }).of(code);
    return name && name !== code ? name.charAt(0).toLocaleUpperCase(code) + name.slice(1) : code;
  } catch {
    return code;
  }
}
