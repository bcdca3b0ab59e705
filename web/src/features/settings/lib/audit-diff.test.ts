import { describe, expect, it } from 'vitest';
import { auditChanges, showValue } from './audit-diff';

describe('audit values', () => {
  it('lists only the fields that changed, new ones and removed ones included', () => {
    expect(
      auditChanges({ name: 'A', industry: null, tags: ['x'] }, { name: 'A', industry: 'Ships', tags: ['x', 'y'], website: 'w' }),
    ).toEqual([
      { field: 'industry', before: null, after: 'Ships' },
      { field: 'tags', before: ['x'], after: ['x', 'y'] },
      { field: 'website', before: undefined, after: 'w' },
    ]);
    expect(auditChanges(null, { id: 1 })).toEqual([{ field: 'id', before: undefined, after: 1 }]);
    expect(auditChanges({ id: 1 }, null)).toEqual([{ field: 'id', before: 1, after: undefined }]);
  });

  it('shows strings as they are, absent as —, the rest as JSON', () => {
    expect(showValue('Ships')).toBe('Ships');
    expect(showValue(undefined)).toBe('—');
    expect(showValue(null)).toBe('null');
    expect(showValue({ a: 1 })).toBe('{"a":1}');
  });
});
