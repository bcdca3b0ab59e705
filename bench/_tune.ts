import { readFileSync } from 'node:fs';
import { crossValidate, fitTemperature, accuracy, type Labelled } from '/work/wt-ai/bench/categorize-fit.ts';
import { Params } from '/work/wt-ai/services/ai/src/modules/categorize/model.ts';
const rows: Labelled[] = JSON.parse(readFileSync('/work/wt-ai/bench/data/expenses.json', 'utf8'));
const train = rows.slice(0, Math.floor(rows.length * 0.8));
const grid = JSON.parse(process.argv[2] ?? '[{}]');
for (const g of grid) {
  const p = { ...Params, ...g, temperature: 1 };
  const preds = crossValidate(train, 5, p);
  const t = fitTemperature(preds);
  const a = accuracy(preds);
  console.log(JSON.stringify(g), 'top1', a.top1.toFixed(3), 'top3', a.top3.toFixed(3), 'T', t.toFixed(2));
}
import { featuresOf } from '/work/wt-ai/services/ai/src/modules/categorize/features.ts';
import { countsOf, predict } from '/work/wt-ai/services/ai/src/modules/categorize/model.ts';
import { benchCategories } from '/work/wt-ai/bench/categorize-fit.ts';
let ok = 0, ok3 = 0;
for (const r of rows) { const f = featuresOf(r); const p = predict(benchCategories, countsOf([], null), f); const i = p.ranked.findIndex(x => x.categoryName === r.category); if (i === 0) ok++; if (i < 3) ok3++; }
console.log('cold', ok / rows.length, ok3 / rows.length);
const f = featuresOf({ description: 'Flight to Berlin', vendor: null, amount: '420' }); console.log(predict(benchCategories, countsOf([], null), f).ranked.slice(0, 3), predict(benchCategories, countsOf([], null), f).evidence);
