import { describe, expect, it } from 'vitest';
import { readNumber, currencyOf } from '../src/modules/invoice-draft/numbers.ts';
import { readDatePhrase, findDueRule, todayIn } from '../src/modules/invoice-draft/dates.ts';
import { parseRequest, parseLine } from '../src/modules/invoice-draft/parse.ts';
import { productFit, nameFits } from '../src/modules/invoice-draft/words.ts';
import { matchKey } from '../src/modules/invoice-draft/match-key.ts';

const TODAY = '2026-11-26'; // a Thursday

describe('numbers as people type them', () => {
  it.each([
    ['1,500', '1500'],
    ['1.500,00', '1500'],
    ['1 500', '1500'],
    ['1,234.56', '1234.56'],
    ['1.234,56', '1234.56'],
    ['95,5', '95.5'],
    ['1.5k', '1500'],
    ['2k', '2000'],
    ['twelve', '12'],
    ['twenty-five', '25'],
    ['one hundred and twenty', '120'],
    ['a dozen', '12'],
    ['0.12', '0.12'],
  ])('%s → %s', (typed, value) => expect(readNumber(typed)).toBe(value));

  it('refuses what is not a number', () => {
    expect(readNumber('abc')).toBeNull();
    expect(readNumber('12a')).toBeNull();
  });

  it('reads currencies by symbol, code and word', () => {
    expect(['€', '£', '$', 'C$', 'eur', 'euros', 'pounds', 'CAD', 'bucks'].map(currencyOf)).toEqual([
      'EUR',
      'GBP',
      'USD',
      'CAD',
      'EUR',
      'EUR',
      'GBP',
      'CAD',
      'USD',
    ]);
  });
});

describe('dates', () => {
  it.each([
    ['Friday', '2026-11-27'],
    ['Thursday', '2026-12-03'], // said on a Thursday: next week's
    ['March 31', '2027-03-31'],
    ['the 5th of next month', '2026-12-05'],
    ['the 31st of next month', '2026-12-31'],
    ['end of month', '2026-11-30'],
    ['end of next month', '2026-12-31'],
    ['2027-01-15', '2027-01-15'],
    ['28/02/2027', '2027-02-28'],
    ['January 20, 2027', '2027-01-20'],
  ])('%s → %s', (phrase, date) => expect(readDatePhrase(phrase, TODAY)).toBe(date));

  it.each([
    ['net 30', '2026-12-26'],
    ['NET-45', '2027-01-10'],
    ['due in 14 days', '2026-12-10'],
    ['due in two weeks', '2026-12-10'],
    ['payable within 21 days', '2026-12-17'],
    ['30 days net', '2026-12-26'],
    ['payment terms 45 days', '2027-01-10'],
    ['due in 1 month', '2026-12-26'],
    ['due on receipt', TODAY],
    ['due by Monday', '2026-11-30'],
  ])('“%s” → %s', (text, date) => expect(findDueRule(`Invoice Acme, ${text}`)!.resolve(TODAY)).toBe(date));

  it('takes today in the organization’s time zone', () => {
    const lateUtc = new Date('2026-11-27T03:00:00Z');
    expect([todayIn('UTC', lateUtc), todayIn('America/Los_Angeles', lateUtc), todayIn('Not/AZone', lateUtc)]).toEqual([
      '2026-11-27',
      '2026-11-26',
      '2026-11-27',
    ]);
  });
});

describe('lines', () => {
  const line = (t: string) => {
    const l = parseLine(t);
    return [l.description, l.quantity, l.rate, l.total];
  };
  it.each([
    ['12 hours of design at 95 an hour', ['Design', '12', '95', null]],
    ['2 Pro Plan licences', ['Pro Plan licences', '2', null, null]],
    ['1,500 EUR for the March audit', ['March audit', '1', '1500', null]],
    ['3x website hosting @ 49.99', ['Website hosting', '3', '49.99', null]],
    ['website hosting x 12', ['Website hosting', '12', null, null]],
    ['2 x 400 for training sessions', ['Training sessions', '2', '400', null]],
    ['consulting 6h @ 150', ['Consulting', '6', '150', null]],
    ['5 Pro Plan licences for $500 in total', ['Pro Plan licences', '5', null, '500']],
    ['fifteen Pro Plan seats', ['Pro Plan seats', '15', null, null]],
    // A total for the line: the engine divides it by the quantity.
    ['1 banana stand repair 300', ['Banana stand repair', '1', null, '300']],
  ])('%s', (t, expected) => expect(line(t)).toEqual(expected));

  it('reads a request: customer, lines, due date, currency, discount, notes', () => {
    const r = parseRequest('Invoice Initech: 3x website hosting @ 49.99, 10% discount, due on the 5th of next month, PO 4521', TODAY);
    expect(r.customerMention).toBe('Initech');
    expect(r.lines.map((l) => [l.description, l.quantity, l.rate])).toEqual([['Website hosting', '3', '49.99']]);
    expect(r.due!.resolve(TODAY)).toBe('2026-12-05');
    expect(r.discount).toEqual({ percent: '10' });
    expect(r.notes).toBe('PO 4521');
  });

  it('completes a line with the figures that follow it ("copywriting, 6 hours")', () => {
    const r = parseRequest('Invoice Sterling Cooper for copywriting, 6 hours, due in 7 days', TODAY);
    expect(r.lines.map((l) => [l.description, l.quantity])).toEqual([['Copywriting', '6']]);
  });

  it('reads a pasted e-mail without its greeting and sign-off', () => {
    const r = parseRequest(
      'Hi Sam,\n\nCould you please send us an invoice for the 40 hours of development in October at $120/hour? Payment within 30 days would be fine.\n\nThanks,\nJane Doe\nHooli Inc.',
      TODAY,
    );
    expect(r.lines[0]).toMatchObject({ description: 'Development', quantity: '40', rate: '120', currency: 'USD' });
    expect(r.due!.resolve(TODAY)).toBe('2026-12-26');
    expect(r.customerText).toContain('Hooli Inc.');
  });

  it('knows "same as last month" and a new customer’s name', () => {
    expect(parseRequest('same as last month for Acme plus 3 hours of support', TODAY)).toMatchObject({
      sameAsLast: true,
      customerMention: 'Acme',
    });
    expect(parseRequest('Bill Zorg Industries for the SEO audit', TODAY).customerMention).toBe('Zorg Industries');
  });
});

describe('word checks of trigram matches', () => {
  it('takes a product only when the line’s words are its words', () => {
    expect(productFit('ssl certs', 'SSL Certificate')).toBeGreaterThan(0);
    expect(productFit('supprt', 'Support')).toBe(1);
    expect(productFit('hosting', 'Website Hosting')).toBe(0.5);
    expect(productFit('design', 'Design')).toBeGreaterThan(productFit('design', 'Logo Design'));
    expect(productFit('menu design', 'Design')).toBe(0);
    expect(productFit('packaging design', 'Design')).toBe(0);
  });
  it('takes a customer only when the name given starts like its name', () => {
    expect(nameFits('Acmee', 'Acme Corporation')).toBe(true);
    expect(nameFits('initek', 'Initech LLC')).toBe(true);
    expect(nameFits('Zorg Industries', 'Stark Industries')).toBe(false);
    expect(matchKey('Acme Corporation, Inc.')).toBe('acme');
  });
});
