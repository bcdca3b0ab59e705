import type { EDocument, EParty } from './document.ts';
import { EN16931_ID, XRECHNUNG_ID } from './ubl.ts';
import { EMPTY_ELEMENT, xmlDocument, type XmlNode } from './xml.ts';

const NS = {
  rsm: 'urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100',
  ram: 'urn:un:unece:uncefact:data:standard:ReusableAggregateBusinessInformationEntity:100',
  udt: 'urn:un:unece:uncefact:data:standard:UnqualifiedDataType:100',
  qdt: 'urn:un:unece:uncefact:data:standard:QualifiedDataType:100',
};

/** CII dates: format 102 (YYYYMMDD). */
const date102 = (iso: string) => ({ '@format': '102', '#': iso.replaceAll('-', '') });

function tradeParty(p: EParty, seller: boolean): XmlNode {
  return {
    'ram:Name': p.name,
    'ram:DefinedTradeContact':
      p.phone || (seller && p.email)
        ? {
            'ram:PersonName': seller ? p.name : undefined,
            'ram:TelephoneUniversalCommunication': p.phone ? { 'ram:CompleteNumber': p.phone } : undefined,
            'ram:EmailURIUniversalCommunication': seller && p.email ? { 'ram:URIID': p.email } : undefined,
          }
        : undefined,
    'ram:PostalTradeAddress': {
      'ram:PostcodeCode': p.postalCode,
      'ram:LineOne': p.street,
      'ram:CityName': p.city,
      'ram:CountryID': p.country,
    },
    'ram:URIUniversalCommunication': p.email ? { 'ram:URIID': { '@schemeID': 'EM', '#': p.email } } : undefined,
    'ram:SpecifiedTaxRegistration': p.vatId ? { 'ram:ID': { '@schemeID': 'VA', '#': p.vatId } } : undefined,
  };
}

const rate = (c: { category: string; rate: string }) => (c.category === 'O' ? undefined : c.rate);

/**
 * The document as UN/CEFACT Cross Industry Invoice D16B (type 380, or 381 for a credit note), EN 16931 or XRechnung
 * 3.0. Factur-X's EN 16931 profile embeds this very XML (its guideline id is EN 16931's).
 */
export function toCii(doc: EDocument, xrechnung: boolean): string {
  const cur = doc.currency;
  const body: XmlNode = {
    '@xmlns:rsm': NS.rsm,
    '@xmlns:ram': NS.ram,
    '@xmlns:udt': NS.udt,
    '@xmlns:qdt': NS.qdt,
    'rsm:ExchangedDocumentContext': {
      'ram:BusinessProcessSpecifiedDocumentContextParameter': xrechnung
        ? { 'ram:ID': 'urn:fdc:peppol.eu:2017:poacc:billing:01:1.0' }
        : undefined,
      'ram:GuidelineSpecifiedDocumentContextParameter': { 'ram:ID': xrechnung ? XRECHNUNG_ID : EN16931_ID },
    },
    'rsm:ExchangedDocument': {
      'ram:ID': doc.number,
      'ram:TypeCode': doc.kind === 'invoice' ? '380' : '381',
      'ram:IssueDateTime': { 'udt:DateTimeString': date102(doc.issueDate) },
      'ram:IncludedNote': doc.note ? { 'ram:Content': doc.note } : undefined,
    },
    'rsm:SupplyChainTradeTransaction': {
      'ram:IncludedSupplyChainTradeLineItem': doc.lines.map((l) => ({
        'ram:AssociatedDocumentLineDocument': { 'ram:LineID': l.id },
        'ram:SpecifiedTradeProduct': { 'ram:Name': l.name },
        'ram:SpecifiedLineTradeAgreement': { 'ram:NetPriceProductTradePrice': { 'ram:ChargeAmount': l.unitPrice } },
        'ram:SpecifiedLineTradeDelivery': { 'ram:BilledQuantity': { '@unitCode': 'C62', '#': l.quantity } },
        'ram:SpecifiedLineTradeSettlement': {
          'ram:ApplicableTradeTax': { 'ram:TypeCode': 'VAT', 'ram:CategoryCode': l.category, 'ram:RateApplicablePercent': rate(l) },
          'ram:SpecifiedTradeSettlementLineMonetarySummation': { 'ram:LineTotalAmount': l.netAmount },
        },
      })),
      'ram:ApplicableHeaderTradeAgreement': {
        'ram:BuyerReference': doc.buyerReference,
        'ram:SellerTradeParty': tradeParty(doc.seller, true),
        'ram:BuyerTradeParty': tradeParty(doc.buyer, false),
      },
      'ram:ApplicableHeaderTradeDelivery': EMPTY_ELEMENT,
      'ram:ApplicableHeaderTradeSettlement': {
        'ram:PaymentReference': doc.seller.iban ? doc.number : undefined,
        'ram:TaxCurrencyCode': doc.taxCurrency,
        'ram:InvoiceCurrencyCode': cur,
        'ram:SpecifiedTradeSettlementPaymentMeans': doc.seller.iban
          ? {
              'ram:TypeCode': '58',
              'ram:PayeePartyCreditorFinancialAccount': { 'ram:IBANID': doc.seller.iban, 'ram:AccountName': doc.seller.accountHolder },
              'ram:PayeeSpecifiedCreditorFinancialInstitution': doc.seller.bic ? { 'ram:BICID': doc.seller.bic } : undefined,
            }
          : undefined,
        'ram:ApplicableTradeTax': doc.vat.map((g) => ({
          'ram:CalculatedAmount': g.tax,
          'ram:TypeCode': 'VAT',
          'ram:ExemptionReason': g.exemptionReason,
          'ram:BasisAmount': g.taxable,
          'ram:CategoryCode': g.category,
          'ram:ExemptionReasonCode': g.exemptionReasonCode,
          'ram:RateApplicablePercent': rate(g),
        })),
        'ram:SpecifiedTradeAllowanceCharge': doc.allowancesCharges.map((ac) => ({
          'ram:ChargeIndicator': { 'udt:Indicator': String(ac.charge) },
          'ram:ActualAmount': ac.amount,
          'ram:Reason': ac.reason,
          'ram:CategoryTradeTax': { 'ram:TypeCode': 'VAT', 'ram:CategoryCode': ac.category, 'ram:RateApplicablePercent': rate(ac) },
        })),
        'ram:SpecifiedTradePaymentTerms':
          doc.paymentTerms || doc.dueDate
            ? {
                'ram:Description': doc.paymentTerms,
                'ram:DueDateDateTime': doc.dueDate ? { 'udt:DateTimeString': date102(doc.dueDate) } : undefined,
              }
            : undefined,
        'ram:SpecifiedTradeSettlementHeaderMonetarySummation': {
          'ram:LineTotalAmount': doc.totals.lineNet,
          'ram:ChargeTotalAmount': doc.allowancesCharges.some((a) => a.charge) ? doc.totals.charges : undefined,
          'ram:AllowanceTotalAmount': doc.allowancesCharges.some((a) => !a.charge) ? doc.totals.allowances : undefined,
          'ram:TaxBasisTotalAmount': doc.totals.taxExclusive,
          'ram:TaxTotalAmount': [
            { '@currencyID': cur, '#': doc.totals.tax },
            ...(doc.taxCurrency && doc.taxInTaxCurrency ? [{ '@currencyID': doc.taxCurrency, '#': doc.taxInTaxCurrency }] : []),
          ],
          'ram:GrandTotalAmount': doc.totals.taxInclusive,
          'ram:TotalPrepaidAmount': doc.totals.prepaid !== '0.00' ? doc.totals.prepaid : undefined,
          'ram:DuePayableAmount': doc.totals.payable,
        },
        'ram:InvoiceReferencedDocument': doc.preceding
          ? {
              'ram:IssuerAssignedID': doc.preceding.number,
              'ram:FormattedIssueDateTime': { 'qdt:DateTimeString': date102(doc.preceding.issueDate) },
            }
          : undefined,
      },
    },
  };
  return xmlDocument('rsm:CrossIndustryInvoice', body);
}
