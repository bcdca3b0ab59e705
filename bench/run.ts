/** `npm run bench -- <name>`: runs one benchmark (or all) and prints its figures. */
const benches: Record<string, string> = {
  customers: './customers-get.ts',
  pdf: './invoice-pdf.ts',
  invoices: './invoices-scale.ts',
  create: './invoice-create.ts',
  recurring: './recurring.ts',
  categorize: './categorize.ts',
  insights: './insights.ts',
};
const which = process.argv[2];
for (const [name, file] of Object.entries(benches)) {
  if (which && which !== name) continue;
  console.log(`\n## ${name}`);
  await import(file);
}
