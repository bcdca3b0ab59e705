import { describe, expect, it } from 'vitest';
import { SettingsLanguages } from '@billpoint/proto';
import { languageName } from './languages';

describe('languageName', () => {
  it('names every settings language in itself, capitalised; an unknown code stays as it is', () => {
    expect(SettingsLanguages.map(languageName)).toEqual(['English', 'Español', 'Français', 'Deutsch', 'Italiano', 'Português']);
    expect(languageName('not a code')).toBe('not a code');
  });
});
