import type { TemplateLanguage } from '@billpoint/proto';

/** The words printed on an invoice, in the template's language (one of the template languages). */
export interface Labels {
  invoice: string;
  billTo: string;
  /** Before a party's VAT or tax identification number. */
  taxId: string;
  from: string;
  invoiceNumber: string;
  issueDate: string;
  dueDate: string;
  currency: string;
  paymentTerms: string;
  netDays: (days: number) => string;
  description: string;
  quantity: string;
  rate: string;
  amount: string;
  subtotal: string;
  tax: string;
  discount: string;
  shipping: string;
  total: string;
  amountDue: string;
  amountPaid: string;
  balanceDue: string;
  notes: string;
  terms: string;
  paymentInstructions: string;
}

const en: Labels = {
  invoice: 'Invoice',
  billTo: 'Bill To',
  taxId: 'Tax ID',
  from: 'From',
  invoiceNumber: 'Invoice Number',
  issueDate: 'Issue Date',
  dueDate: 'Due Date',
  currency: 'Currency',
  paymentTerms: 'Payment Terms',
  netDays: (d) => (d === 0 ? 'Due on receipt' : `Net ${d} days`),
  description: 'Description',
  quantity: 'Qty',
  rate: 'Rate',
  amount: 'Amount',
  subtotal: 'Subtotal',
  tax: 'Tax',
  discount: 'Discount',
  shipping: 'Shipping',
  total: 'Total',
  amountDue: 'Amount Due',
  amountPaid: 'Amount paid',
  balanceDue: 'Balance due',
  notes: 'Notes',
  terms: 'Terms & Conditions',
  paymentInstructions: 'Payment Instructions',
};

const LABELS: Record<TemplateLanguage, Labels> = {
  en,
  es: {
    ...en,
    invoice: 'Factura',
    billTo: 'Facturar a',
    taxId: 'NIF-IVA',
    from: 'De',
    invoiceNumber: 'Número de factura',
    issueDate: 'Fecha de emisión',
    dueDate: 'Fecha de vencimiento',
    currency: 'Moneda',
    paymentTerms: 'Condiciones de pago',
    netDays: (d) => (d === 0 ? 'Pago a la recepción' : `${d} días`),
    description: 'Descripción',
    quantity: 'Cant.',
    rate: 'Precio',
    amount: 'Importe',
    tax: 'Impuesto',
    discount: 'Descuento',
    shipping: 'Envío',
    amountDue: 'Importe a pagar',
    amountPaid: 'Pagado',
    balanceDue: 'Saldo pendiente',
    notes: 'Notas',
    terms: 'Términos y condiciones',
    paymentInstructions: 'Instrucciones de pago',
  },
  fr: {
    ...en,
    invoice: 'Facture',
    billTo: 'Facturé à',
    taxId: 'N° TVA',
    from: 'De',
    invoiceNumber: 'Numéro de facture',
    issueDate: "Date d'émission",
    dueDate: "Date d'échéance",
    currency: 'Devise',
    paymentTerms: 'Conditions de paiement',
    netDays: (d) => (d === 0 ? 'Payable à réception' : `${d} jours net`),
    quantity: 'Qté',
    rate: 'Prix',
    amount: 'Montant',
    subtotal: 'Sous-total',
    tax: 'TVA',
    discount: 'Remise',
    shipping: 'Livraison',
    amountDue: 'Montant dû',
    amountPaid: 'Déjà payé',
    balanceDue: 'Reste à payer',
    terms: 'Conditions générales',
    paymentInstructions: 'Instructions de paiement',
  },
  de: {
    ...en,
    invoice: 'Rechnung',
    billTo: 'Rechnung an',
    taxId: 'USt-IdNr.',
    from: 'Von',
    invoiceNumber: 'Rechnungsnummer',
    issueDate: 'Rechnungsdatum',
    dueDate: 'Fällig am',
    currency: 'Währung',
    paymentTerms: 'Zahlungsbedingungen',
    netDays: (d) => (d === 0 ? 'Sofort fällig' : `${d} Tage netto`),
    description: 'Beschreibung',
    quantity: 'Menge',
    rate: 'Preis',
    amount: 'Betrag',
    subtotal: 'Zwischensumme',
    tax: 'MwSt.',
    discount: 'Rabatt',
    shipping: 'Versand',
    total: 'Gesamt',
    amountDue: 'Fälliger Betrag',
    amountPaid: 'Bezahlt',
    balanceDue: 'Offener Betrag',
    notes: 'Hinweise',
    terms: 'Geschäftsbedingungen',
    paymentInstructions: 'Zahlungshinweise',
  },
  it: {
    ...en,
    invoice: 'Fattura',
    billTo: 'Fatturare a',
    taxId: 'Partita IVA',
    from: 'Da',
    invoiceNumber: 'Numero fattura',
    issueDate: 'Data di emissione',
    dueDate: 'Data di scadenza',
    currency: 'Valuta',
    paymentTerms: 'Termini di pagamento',
    netDays: (d) => (d === 0 ? 'Pagamento a vista' : `${d} giorni netti`),
    description: 'Descrizione',
    quantity: 'Qtà',
    rate: 'Prezzo',
    amount: 'Importo',
    subtotal: 'Subtotale',
    tax: 'IVA',
    discount: 'Sconto',
    shipping: 'Spedizione',
    total: 'Totale',
    amountDue: 'Importo dovuto',
    amountPaid: 'Pagato',
    balanceDue: 'Saldo dovuto',
    notes: 'Note',
    terms: 'Termini e condizioni',
    paymentInstructions: 'Istruzioni di pagamento',
  },
  pt: {
    ...en,
    invoice: 'Fatura',
    billTo: 'Faturar a',
    taxId: 'NIF',
    from: 'De',
    invoiceNumber: 'Número da fatura',
    issueDate: 'Data de emissão',
    dueDate: 'Data de vencimento',
    currency: 'Moeda',
    paymentTerms: 'Condições de pagamento',
    netDays: (d) => (d === 0 ? 'Pagamento à vista' : `${d} dias`),
    description: 'Descrição',
    quantity: 'Qtd.',
    rate: 'Preço',
    amount: 'Valor',
    tax: 'Imposto',
    discount: 'Desconto',
    shipping: 'Envio',
    amountDue: 'Valor devido',
    amountPaid: 'Pago',
    balanceDue: 'Saldo devedor',
    notes: 'Observações',
    terms: 'Termos e condições',
    paymentInstructions: 'Instruções de pagamento',
  },
};

/** The words that differ on a quote: its title, its number, "Valid Until" in place of the due date, its total. */
const QUOTE_WORDS: Record<TemplateLanguage, Pick<Labels, 'invoice' | 'invoiceNumber' | 'dueDate' | 'amountDue'>> = {
  en: { invoice: 'Quote', invoiceNumber: 'Quote Number', dueDate: 'Valid Until', amountDue: 'Quote Total' },
  es: { invoice: 'Presupuesto', invoiceNumber: 'Número de presupuesto', dueDate: 'Válido hasta', amountDue: 'Total del presupuesto' },
  fr: { invoice: 'Devis', invoiceNumber: 'Numéro de devis', dueDate: 'Valable jusqu’au', amountDue: 'Total du devis' },
  de: { invoice: 'Angebot', invoiceNumber: 'Angebotsnummer', dueDate: 'Gültig bis', amountDue: 'Angebotssumme' },
  it: { invoice: 'Preventivo', invoiceNumber: 'Numero preventivo', dueDate: 'Valido fino al', amountDue: 'Totale preventivo' },
  pt: { invoice: 'Orçamento', invoiceNumber: 'Número do orçamento', dueDate: 'Válido até', amountDue: 'Total do orçamento' },
};

const languageOf = (language: TemplateLanguage | string | null | undefined): TemplateLanguage =>
  (LABELS[(language ?? 'en') as TemplateLanguage] ? language : 'en') as TemplateLanguage;

export const labelsFor = (language: TemplateLanguage | string | null | undefined): Labels => LABELS[languageOf(language)];

/** A quote's words in the template's language. */
export const quoteWordsFor = (language: TemplateLanguage | string | null | undefined) => QUOTE_WORDS[languageOf(language)];
