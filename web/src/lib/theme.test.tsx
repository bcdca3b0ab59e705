import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ThemeProvider } from '@/components/theme-provider';
import { ThemeToggle } from '@/components/theme-toggle';
import { TooltipProvider } from '@/components/ui/tooltip';
import { getInitialTheme, THEME_STORAGE_KEY } from './theme';

const media = (dark: boolean) => () => ({ matches: dark });
const storage = (value: string | null) => ({ getItem: () => value });

describe('theme choice', () => {
  it('starts from the stored choice', () => {
    expect(getInitialTheme(storage('dark'), media(false))).toBe('dark');
    expect(getInitialTheme(storage('light'), media(true))).toBe('light');
  });

  it('otherwise follows the system dark preference', () => {
    expect(getInitialTheme(storage(null), media(true))).toBe('dark');
    expect(getInitialTheme(storage(null), media(false))).toBe('light');
    expect(getInitialTheme(storage('purple'), media(true))).toBe('dark');
  });

  it('applies the theme as a class on the document and saves it on toggle', async () => {
    const user = userEvent.setup();
    localStorage.setItem(THEME_STORAGE_KEY, 'light');
    render(
      <ThemeProvider>
        <TooltipProvider>
          <ThemeToggle />
        </TooltipProvider>
      </ThemeProvider>,
    );
    expect(document.documentElement).toHaveClass('light');

    await user.click(screen.getByRole('button', { name: 'Switch to dark theme' }));
    expect(document.documentElement).toHaveClass('dark');
    expect(document.documentElement).not.toHaveClass('light');
    expect(localStorage.getItem(THEME_STORAGE_KEY)).toBe('dark');

    await user.click(screen.getByRole('button', { name: 'Switch to light theme' }));
    expect(document.documentElement).toHaveClass('light');
    expect(localStorage.getItem(THEME_STORAGE_KEY)).toBe('light');
  });
});
