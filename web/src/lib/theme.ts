export type Theme = 'light' | 'dark';

export const THEME_STORAGE_KEY = 'theme';

/** The locally stored choice, otherwise the system dark preference. */
export function getInitialTheme(
  storage: Pick<Storage, 'getItem'> = window.localStorage,
  matchMedia: (query: string) => Pick<MediaQueryList, 'matches'> = (q) => window.matchMedia(q),
): Theme {
  let stored: string | null = null;
  try {
    stored = storage.getItem(THEME_STORAGE_KEY);
  } catch {
    // storage unavailable
  }
  if (stored === 'light' || stored === 'dark') return stored;
  return matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';
}

/** Applies the theme as a class on the document element. */
export function applyTheme(theme: Theme, root: HTMLElement = document.documentElement): void {
  root.classList.remove('light', 'dark');
  root.classList.add(theme);
}

/** A toggle saves the choice locally and applies it. */
export function saveTheme(theme: Theme, storage: Pick<Storage, 'setItem'> = window.localStorage): void {
  try {
    storage.setItem(THEME_STORAGE_KEY, theme);
  } catch {
    // storage unavailable: the choice lasts for this page only
  }
  applyTheme(theme);
}
