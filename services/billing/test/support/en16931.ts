import { readFileSync, readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import SaxonJS from 'saxon-js';
import { validateXML, type XMLFileInfo } from 'xmllint-wasm';

/**
 * Validation of e-invoices against the official artefacts in test/fixtures/en16931 (see its README: where each comes
 * from, its licence, how the SEF files were compiled): the UBL 2.1 and CII D16B XSDs with xmllint (wasm), the CEN/TC 434
 * EN 16931 Schematron and the KoSIT XRechnung Schematron as XSLT with SaxonJS.
 */
const ROOT = join(import.meta.dirname, '../fixtures/en16931');

function filesUnder(dir: string): XMLFileInfo[] {
  return readdirSync(join(ROOT, dir), { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && e.name.endsWith('.xsd'))
    .map((e) => {
      const path = join(e.parentPath, e.name);
      return { fileName: relative(join(ROOT, dir), path), contents: readFileSync(path, 'utf8') };
    });
}

const SCHEMAS = {
  'ubl-invoice': { dir: 'ubl-2.1', main: 'maindoc/UBL-Invoice-2.1.xsd' },
  'ubl-credit-note': { dir: 'ubl-2.1', main: 'maindoc/UBL-CreditNote-2.1.xsd' },
  cii: { dir: 'cii-d16b', main: 'CrossIndustryInvoice_100pD16B.xsd' },
} as const;
export type SchemaName = keyof typeof SCHEMAS;

/** XSD errors of `xml` against the named schema (empty: valid). */
export async function xsdErrors(xml: string, schema: SchemaName): Promise<string[]> {
  const { dir, main } = SCHEMAS[schema];
  const files = filesUnder(dir);
  const result = await validateXML({
    xml: [{ fileName: 'document.xml', contents: xml }],
    schema: files.find((f) => f.fileName === main)!,
    preload: files.filter((f) => f.fileName !== main),
  });
  return result.errors.map((e) => e.message);
}

const RULES = {
  'en16931-ubl': 'en16931-schematron/EN16931-UBL-validation.sef.json',
  'en16931-cii': 'en16931-schematron/EN16931-CII-validation.sef.json',
  'xrechnung-ubl': 'xrechnung-schematron/ubl/XRechnung-UBL-validation.sef.json',
  'xrechnung-cii': 'xrechnung-schematron/cii/XRechnung-CII-validation.sef.json',
} as const;
export type RuleSet = keyof typeof RULES;

const compiled = new Map<RuleSet, unknown>();
const stylesheet = (rules: RuleSet) => {
  if (!compiled.has(rules)) compiled.set(rules, JSON.parse(readFileSync(join(ROOT, RULES[rules]), 'utf8')));
  return compiled.get(rules);
};

export interface FailedAssert {
  id: string;
  flag: string;
  text: string;
}

/** Every failed assert of the Schematron report (SVRL), whatever its flag. */
export function schematronAsserts(xml: string, rules: RuleSet): FailedAssert[] {
  const { principalResult } = SaxonJS.transform(
    { stylesheetInternal: stylesheet(rules), sourceText: xml, destination: 'serialized' },
    'sync',
  );
  return [...principalResult.matchAll(/<svrl:failed-assert\b([^>]*)>([\s\S]*?)<\/svrl:failed-assert>/g)].map((m) => ({
    id: /\bid="([^"]*)"/.exec(m[1]!)?.[1] ?? '',
    flag: /\bflag="([^"]*)"/.exec(m[1]!)?.[1] ?? 'error',
    text: m[2]!
      .replace(/<[^>]+>/g, '')
      .replace(/\s+/g, ' ')
      .trim(),
  }));
}

/** The asserts that make a document invalid: flag fatal or error (warnings and information are reported apart). */
export const errorsOf = (asserts: readonly FailedAssert[]) => asserts.filter((a) => a.flag === 'fatal' || a.flag === 'error');
