import { describe, expect, it } from 'vitest';
import { actorName } from './audit-entry-dialog';

describe('who made an audited change', () => {
  const members = new Map([['u-1', 'Ada Lovelace']]);
  it('names a customer who changed their own details in the customer portal', () => {
    const own = { entityType: 'customer', entityId: '42', newValues: { name: 'Globex GmbH' } };
    expect(actorName('portal:42', 'u-1', members, own)).toBe('Customer portal: Globex GmbH');
    expect(actorName('portal:42', 'u-1', members, { ...own, entityId: '7' })).toBe('Customer portal: customer #42');
    expect(actorName('portal:42', 'u-1', members)).toBe('Customer portal: customer #42');
  });
  it('still names members, you and the system as before', () => {
    expect(actorName('u-1', 'u-2', members)).toBe('Ada Lovelace');
    expect(actorName('u-2', 'u-2', members)).toBe('You');
    expect(actorName(null, 'u-2', members)).toBe('System');
    expect(actorName('u-9', 'u-2', members)).toBe('Former member');
  });
});
