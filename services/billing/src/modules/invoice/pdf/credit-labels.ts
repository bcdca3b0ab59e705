import type { CreditNoteResolution, TemplateLanguage } from '@billpoint/proto';
import { CreditNoteResolutionLabels } from '@billpoint/proto';

/** The words of credit notes on PDFs (the credit note itself, and the credit rows of an invoice), per template language. */
export interface CreditLabels {
  creditNote: string;
  creditNoteNumber: string;
  /** The detail row naming the corrected invoice. */
  creditedInvoice: string;
  /** "Credits invoice INV-0007 of Nov 1, 2026" (the date as the template formats dates). */
  creditsInvoice: (invoiceNumber: string, date: string) => string;
  reason: string;
  resolution: string;
  resolutions: Record<CreditNoteResolution, string>;
  totalCredit: string;
  refunded: string;
  /** The invoice's row of customer credit applied to it. */
  creditApplied: string;
  /** The invoice's row of one of its credit notes. */
  creditNoteRow: (number: string) => string;
}

const en: CreditLabels = {
  creditNote: 'Credit Note',
  creditNoteNumber: 'Credit Note Number',
  creditedInvoice: 'Credited invoice',
  creditsInvoice: (n, d) => `Credits invoice ${n} of ${d}`,
  reason: 'Reason',
  resolution: 'Resolution',
  resolutions: CreditNoteResolutionLabels,
  totalCredit: 'Total credit',
  refunded: 'Refunded',
  creditApplied: 'Credit applied',
  creditNoteRow: (n) => `Credit note ${n}`,
};

const LABELS: Record<TemplateLanguage, CreditLabels> = {
  en,
  es: {
    creditNote: 'Nota de crédito',
    creditNoteNumber: 'Número de nota de crédito',
    creditedInvoice: 'Factura abonada',
    creditsInvoice: (n, d) => `Abona la factura ${n} del ${d}`,
    reason: 'Motivo',
    resolution: 'Resolución',
    resolutions: {
      reduce_balance: 'Descontado del saldo pendiente de la factura.',
      refund: 'Reembolsado al cliente.',
      credit: 'Añadido al saldo a favor del cliente para próximas facturas.',
    },
    totalCredit: 'Total abonado',
    refunded: 'Reembolsado',
    creditApplied: 'Crédito aplicado',
    creditNoteRow: (n) => `Nota de crédito ${n}`,
  },
  fr: {
    creditNote: 'Avoir',
    creditNoteNumber: "Numéro d'avoir",
    creditedInvoice: 'Facture concernée',
    creditsInvoice: (n, d) => `Avoir sur la facture ${n} du ${d}`,
    reason: 'Motif',
    resolution: 'Traitement',
    resolutions: {
      reduce_balance: 'Déduit du reste à payer de la facture.',
      refund: 'Remboursé au client.',
      credit: 'Ajouté au crédit du client pour ses prochaines factures.',
    },
    totalCredit: "Total de l'avoir",
    refunded: 'Remboursé',
    creditApplied: 'Crédit appliqué',
    creditNoteRow: (n) => `Avoir ${n}`,
  },
  de: {
    creditNote: 'Gutschrift',
    creditNoteNumber: 'Gutschriftsnummer',
    creditedInvoice: 'Berichtigte Rechnung',
    creditsInvoice: (n, d) => `Gutschrift zur Rechnung ${n} vom ${d}`,
    reason: 'Grund',
    resolution: 'Abwicklung',
    resolutions: {
      reduce_balance: 'Vom offenen Betrag der Rechnung abgezogen.',
      refund: 'An den Kunden erstattet.',
      credit: 'Dem Guthaben des Kunden für künftige Rechnungen gutgeschrieben.',
    },
    totalCredit: 'Gutschriftsbetrag',
    refunded: 'Erstattet',
    creditApplied: 'Angerechnetes Guthaben',
    creditNoteRow: (n) => `Gutschrift ${n}`,
  },
  it: {
    creditNote: 'Nota di credito',
    creditNoteNumber: 'Numero nota di credito',
    creditedInvoice: 'Fattura stornata',
    creditsInvoice: (n, d) => `Storna la fattura ${n} del ${d}`,
    reason: 'Motivo',
    resolution: 'Modalità',
    resolutions: {
      reduce_balance: 'Detratto dal saldo dovuto della fattura.',
      refund: 'Rimborsato al cliente.',
      credit: 'Aggiunto al credito del cliente per le prossime fatture.',
    },
    totalCredit: 'Totale accreditato',
    refunded: 'Rimborsato',
    creditApplied: 'Credito applicato',
    creditNoteRow: (n) => `Nota di credito ${n}`,
  },
  pt: {
    creditNote: 'Nota de crédito',
    creditNoteNumber: 'Número da nota de crédito',
    creditedInvoice: 'Fatura creditada',
    creditsInvoice: (n, d) => `Credita a fatura ${n} de ${d}`,
    reason: 'Motivo',
    resolution: 'Resolução',
    resolutions: {
      reduce_balance: 'Deduzido do saldo devedor da fatura.',
      refund: 'Reembolsado ao cliente.',
      credit: 'Adicionado ao crédito do cliente para as próximas faturas.',
    },
    totalCredit: 'Total creditado',
    refunded: 'Reembolsado',
    creditApplied: 'Crédito aplicado',
    creditNoteRow: (n) => `Nota de crédito ${n}`,
  },
};

export const creditLabelsFor = (language: TemplateLanguage | string | null | undefined): CreditLabels =>
  LABELS[(language ?? 'en') as TemplateLanguage] ?? en;
