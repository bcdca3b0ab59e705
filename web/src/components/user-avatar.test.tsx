import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { userDisplayName, userInitial } from '@/lib/auth';
import { UserAvatar } from './user-avatar';

describe('avatar fallback', () => {
  it('uses the first letter of the first name', () => {
    expect(userInitial({ firstName: 'ada', email: 'x@example.com' })).toBe('A');
  });

  it('falls back to the first letter of the e-mail', () => {
    expect(userInitial({ firstName: null, email: 'grace@example.com' })).toBe('G');
    expect(userInitial({ firstName: '  ', email: 'grace@example.com' })).toBe('G');
  });

  it('falls back to U', () => {
    expect(userInitial({ firstName: null, email: '' })).toBe('U');
    expect(userInitial(null)).toBe('U');
  });

  it('shows the initial when there is no profile image', () => {
    render(<UserAvatar user={{ firstName: 'Linus', email: 'l@example.com', profileImageUrl: null }} />);
    expect(screen.getByText('L')).toBeInTheDocument();
    expect(document.querySelector('img')).toBeNull();
  });

  it('shows the full name, else the e-mail', () => {
    expect(userDisplayName({ firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com' })).toBe('Ada Lovelace');
    expect(userDisplayName({ firstName: 'Ada', lastName: null, email: 'ada@example.com' })).toBe('Ada');
    expect(userDisplayName({ firstName: null, lastName: null, email: 'ada@example.com' })).toBe('ada@example.com');
  });
});
