import type { EAllowanceCharge, EDocument, EParty, EVatGroup } from './document.ts';
import { xmlDocument, type XmlNode } from './xml.ts';

/** CustomizationID (BT-24): plain EN 16931, or XRechnung 3.0 on top of it. */
export const EN16931_ID = 'urn:cen.eu:en16931:2017';
export const XRECHNUNG_ID = 'urn:cen.eu:en16931:2017#compliant#urn:xeinkauf.de:kosit:xrechnung_3.0';
/** ProfileID (BT-23) XRechnung documents carry (the Peppol billing process). */
const XRECHNUNG_PROFILE = 'urn:fdc:peppol.eu:2017:poacc:billing:01:1.0';

const NS = {
  invoice: 'urn:oasis:names:specification:ubl:schema:xsd:Invoice-2',
  'credit-note': 'urn:oasis:names:specification:ubl:schema:xsd:CreditNote-2',
  cac: 'urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2',
  cbc: 'urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2',
};

const amount = (value: string, currency: string) => ({ '@currencyID': currency, '#': value });
const taxScheme = { 'cac:TaxScheme': { 'cbc:ID': 'VAT' } };

function party(p: EParty, seller: boolean): XmlNode {
  return {
    'cac:Party': {
      'cbc:EndpointID': p.email ? { '@schemeID': 'EM', '#': p.email } : undefined,
      'cac:PostalAddress': {
        'cbc:StreetName': p.street,
        'cbc:CityName': p.city,
        'cbc:PostalZone': p.postalCode,
        'cac:Country': { 'cbc:IdentificationCode': p.country },
      },
      'cac:PartyTaxScheme': p.vatId ? { 'cbc:CompanyID': p.vatId, ...taxScheme } : undefined,
      'cac:PartyLegalEntity': { 'cbc:RegistrationName': p.name },
      'cac:Contact':
        p.phone || (seller && p.email)
          ? { 'cbc:Name': seller ? p.name : undefined, 'cbc:Telephone': p.phone, 'cbc:ElectronicMail': seller ? p.email : undefined }
          : undefined,
    },
  };
}

const category = (c: { category: string; rate: string }, extra: XmlNode = {}) => ({
  'cbc:ID': c.category,
  'cbc:Percent': c.category === 'O' ? undefined : c.rate,
  ...extra,
  ...taxScheme,
});

const allowanceCharge = (ac: EAllowanceCharge, currency: string) => ({
  'cbc:ChargeIndicator': String(ac.charge),
  'cbc:AllowanceChargeReason': ac.reason,
  'cbc:Amount': amount(ac.amount, currency),
  'cac:TaxCategory': category(ac),
});

const subtotal = (g: EVatGroup, currency: string) => ({
  'cbc:TaxableAmount': amount(g.taxable, currency),
  'cbc:TaxAmount': amount(g.tax, currency),
  'cac:TaxCategory': category(g, { 'cbc:TaxExemptionReasonCode': g.exemptionReasonCode, 'cbc:TaxExemptionReason': g.exemptionReason }),
});

/** The document as UBL 2.1 (Invoice, or CreditNote for a credit note), EN 16931 or XRechnung 3.0 (CIUS). */
export function toUbl(doc: EDocument, xrechnung: boolean): string {
  const cur = doc.currency;
  const isInvoice = doc.kind === 'invoice';
  const root = isInvoice ? 'Invoice' : 'CreditNote';
  const body: XmlNode = {
    '@xmlns': NS[doc.kind],
    '@xmlns:cac': NS.cac,
    '@xmlns:cbc': NS.cbc,
    'cbc:CustomizationID': xrechnung ? XRECHNUNG_ID : EN16931_ID,
    'cbc:ProfileID': xrechnung ? XRECHNUNG_PROFILE : undefined,
    'cbc:ID': doc.number,
    'cbc:IssueDate': doc.issueDate,
    'cbc:DueDate': isInvoice ? doc.dueDate : undefined,
    [isInvoice ? 'cbc:InvoiceTypeCode' : 'cbc:CreditNoteTypeCode']: isInvoice ? '380' : '381',
    'cbc:Note': doc.note,
    'cbc:DocumentCurrencyCode': cur,
    'cbc:TaxCurrencyCode': doc.taxCurrency,
    'cbc:BuyerReference': doc.buyerReference,
    'cac:BillingReference': doc.preceding
      ? { 'cac:InvoiceDocumentReference': { 'cbc:ID': doc.preceding.number, 'cbc:IssueDate': doc.preceding.issueDate } }
      : undefined,
    'cac:AccountingSupplierParty': party(doc.seller, true),
    'cac:AccountingCustomerParty': party(doc.buyer, false),
    'cac:PaymentMeans': doc.seller.iban
      ? {
          'cbc:PaymentMeansCode': '58',
          'cbc:PaymentID': doc.number,
          'cac:PayeeFinancialAccount': {
            'cbc:ID': doc.seller.iban,
            'cbc:Name': doc.seller.accountHolder,
            'cac:FinancialInstitutionBranch': doc.seller.bic ? { 'cbc:ID': doc.seller.bic } : undefined,
          },
        }
      : undefined,
    'cac:PaymentTerms': doc.paymentTerms ? { 'cbc:Note': doc.paymentTerms } : undefined,
    'cac:AllowanceCharge': doc.allowancesCharges.map((ac) => allowanceCharge(ac, cur)),
    'cac:TaxTotal': [
      { 'cbc:TaxAmount': amount(doc.totals.tax, cur), 'cac:TaxSubtotal': doc.vat.map((g) => subtotal(g, cur)) },
      ...(doc.taxCurrency && doc.taxInTaxCurrency ? [{ 'cbc:TaxAmount': amount(doc.taxInTaxCurrency, doc.taxCurrency) }] : []),
    ],
    'cac:LegalMonetaryTotal': {
      'cbc:LineExtensionAmount': amount(doc.totals.lineNet, cur),
      'cbc:TaxExclusiveAmount': amount(doc.totals.taxExclusive, cur),
      'cbc:TaxInclusiveAmount': amount(doc.totals.taxInclusive, cur),
      'cbc:AllowanceTotalAmount': doc.allowancesCharges.some((a) => !a.charge) ? amount(doc.totals.allowances, cur) : undefined,
      'cbc:ChargeTotalAmount': doc.allowancesCharges.some((a) => a.charge) ? amount(doc.totals.charges, cur) : undefined,
      'cbc:PrepaidAmount': doc.totals.prepaid !== '0.00' ? amount(doc.totals.prepaid, cur) : undefined,
      'cbc:PayableAmount': amount(doc.totals.payable, cur),
    },
    [isInvoice ? 'cac:InvoiceLine' : 'cac:CreditNoteLine']: doc.lines.map((l) => ({
      'cbc:ID': l.id,
      [isInvoice ? 'cbc:InvoicedQuantity' : 'cbc:CreditedQuantity']: { '@unitCode': 'C62', '#': l.quantity },
      'cbc:LineExtensionAmount': amount(l.netAmount, cur),
      'cac:Item': { 'cbc:Name': l.name, 'cac:ClassifiedTaxCategory': category(l) },
      'cac:Price': { 'cbc:PriceAmount': amount(l.unitPrice, cur) },
    })),
  };
  return xmlDocument(root, body);
}
