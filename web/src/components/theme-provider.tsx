import * as React from 'react';
import { applyTheme, getInitialTheme, saveTheme, type Theme } from '@/lib/theme';

type ThemeContextValue = { theme: Theme; setTheme: (theme: Theme) => void; toggleTheme: () => void };

const ThemeContext = React.createContext<ThemeContextValue | null>(null);

export function ThemeProvider({ children, initialTheme }: { children: React.ReactNode; initialTheme?: Theme }) {
  const [theme, setThemeState] = React.useState<Theme>(() => initialTheme ?? getInitialTheme());

  React.useLayoutEffect(() => {
    applyTheme(theme);
  }, [theme]);

  const value = React.useMemo<ThemeContextValue>(() => {
    const setTheme = (next: Theme) => {
      saveTheme(next);
      setThemeState(next);
    };
    return { theme, setTheme, toggleTheme: () => setTheme(theme === 'dark' ? 'light' : 'dark') };
  }, [theme]);

  return <ThemeContext.Provider value={value}>{children}</ThemeContext.Provider>;
}

export function useTheme(): ThemeContextValue {
  const context = React.useContext(ThemeContext);
  if (!context) throw new Error('useTheme must be used inside <ThemeProvider>');
  return context;
}
