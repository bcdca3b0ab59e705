import type { HttpClient } from '@billpoint/kit/testing';

/** Organization settings with every seller field the e-invoice formats need (XRechnung included). */
export const SELLER_SETTINGS = {
  companyName: 'Nordlicht Software GmbH',
  companyEmail: 'hello@nordlicht.example',
  defaultCurrency: 'EUR',
  billingAddress: {
    address: 'Hauptstraße 1, 10115 Berlin',
    street: 'Hauptstraße 1',
    postalCode: '10115',
    city: 'Berlin',
    country: 'de',
    phone: '+49 30 1234567',
    email: 'billing@nordlicht.example',
    taxId: 'DE123456789',
  },
  bankDetails: { iban: 'DE89 3704 0044 0532 0130 00', bic: 'COBADEFFXXX', accountHolder: 'Nordlicht Software GmbH' },
};

/** A signed-in GET of a file, its bytes as they came. */
export async function download(c: HttpClient, path: string) {
  const res = await fetch(new URL(path, c.base), { headers: { cookie: [...c.cookies].map(([k, v]) => `${k}=${v}`).join('; ') } });
  return { status: res.status, headers: res.headers, bytes: Buffer.from(await res.arrayBuffer()) };
}
