import { useCallback, useState } from 'react';

/** A setting kept in this browser only (appearance, notification and security toggles). */
export function readLocal<T>(key: string, fallback: T, storage: Pick<Storage, 'getItem'> = window.localStorage): T {
  try {
    const raw = storage.getItem(key);
    return raw == null ? fallback : (JSON.parse(raw) as T);
  } catch {
    return fallback;
  }
}

export function writeLocal<T>(key: string, value: T, storage: Pick<Storage, 'setItem'> = window.localStorage): void {
  try {
    storage.setItem(key, JSON.stringify(value));
  } catch {
    // storage unavailable: the choice lasts for this page only
  }
}

/** useState backed by localStorage. */
export function useLocalSetting<T>(key: string, fallback: T): [T, (next: T) => void] {
  const [value, setValue] = useState<T>(() => readLocal(key, fallback));
  const set = useCallback(
    (next: T) => {
      setValue(next);
      writeLocal(key, next);
    },
    [key],
  );
  return [value, set];
}

/** Colour schemes (Settings › Appearance), applied as a `theme-<scheme>` class on the document element. */
export const COLOR_SCHEMES = ['blue', 'green', 'purple', 'orange'] as const;
export type ColorScheme = (typeof COLOR_SCHEMES)[number];
export const COLOR_SCHEME_KEY = 'colorScheme';

export function applyColorScheme(scheme: ColorScheme, root: HTMLElement = document.documentElement): void {
  for (const s of COLOR_SCHEMES) root.classList.remove(`theme-${s}`);
  root.classList.add(`theme-${scheme}`);
}

/** The stored scheme at start-up (blue when none). */
export function initColorScheme(): void {
  const stored = readLocal<string>(COLOR_SCHEME_KEY, 'blue');
  applyColorScheme((COLOR_SCHEMES as readonly string[]).includes(stored) ? (stored as ColorScheme) : 'blue');
}
