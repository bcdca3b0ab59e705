import { parseRequest } from './services/ai/src/modules/invoice-draft/parse.ts';
const tests = [
 'Invoice Acme for 12 hours of design at 95 an hour and 2 Pro Plan licences, due in 14 days',
 'Bill Globex 1,500 EUR for the March audit, net 30',
 'same as last month for Acme plus 3 hours of support',
 'Hi Sam,\n\nCould you please send us an invoice for the 40 hours of development in October at $120/hour? Payment within 30 days would be fine.\n\nThanks,\nJane Doe\nGlobex Corporation',
 'Initech: 3x website hosting @ 49.99, 10% discount, due on the 5th of next month',
 'twelve hours consulting for Umbrella at €1.500,00 total, due Friday, PO 4521',
];
for (const t of tests) { const r = parseRequest(t, '2026-11-26'); console.log(JSON.stringify({ ...r, due: r.due && { phrase: r.due.phrase, date: r.due.resolve('2026-11-26') } }, null, 0)); }
