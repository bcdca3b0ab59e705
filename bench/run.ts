/** `npm run bench -- <name>`: runs one benchmark (or all) and prints its figures. */
const benches: Record<string, string> = {
  customers: './customers-get.ts',
  pdf: './invoice-pdf.ts',
  invoices: './invoices-scale.ts',
  create: './invoice-create.ts',
  recurring: './recurring.ts',
  ledger: './ledger-report.ts',
  categorize: './categorize.ts',
  api: './api.ts',
  insights: './insights.ts',
  'invoice-draft': './invoice-draft.ts',
  web: './web.ts',
};
const which = process.argv[2];
for (const [name, file] of Object.entries(benches)) {
  if (which && which !== name) continue;
  console.log(`\n## ${name}`);
  // A module that exports its run as the default export (so others can import its helpers) is run here.
  const mod = (await import(file)) as { default?: () => Promise<void> };
  if (typeof mod.default === 'function') await mod.default();
}
