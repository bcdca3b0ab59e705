import QRCode from 'qrcode';
import { fromMills, roundMills, toMills } from '@billpoint/proto';

/** What a SEPA credit transfer code asks the payer's banking app to fill in. */
export interface EpcTransfer {
  /** The beneficiary's account; spaces are allowed, they are dropped. */
  iban: string | null | undefined;
  /** Optional in version 002 of the code: left empty when the organization has none. */
  bic?: string | null;
  /** The beneficiary as the payer sees it (account holder, else the organization's name). */
  name: string | null | undefined;
  currency: string;
  /** What is still to pay, a decimal string ("1000.00"). */
  amount: string;
  /** Unstructured remittance information: the invoice number, so the payment can be matched. */
  reference: string;
}

/** The payment code's own limits: 70 characters of name, 140 of remittance text, 331 bytes in all. */
const MAX_NAME = 70;
const MAX_REMITTANCE = 140;
const MAX_BYTES = 331;
/** EUR 0.01 to 999,999,999.99, in mills. */
const MIN_MILLS = 10n;
const MAX_MILLS = 999_999_999_990n;

/** An IBAN without spaces, in capitals. */
export const compactIban = (iban: string) => iban.replace(/\s+/g, '').toUpperCase();

/** An IBAN as it is printed for people: groups of four characters ("DE89 3704 0044 0532 0130 00"). */
export const groupedIban = (iban: string) => compactIban(iban).replace(/(.{4})(?=.)/g, '$1 ');

/** A string cut to at most `n` characters (whole code points, so no half of a surrogate pair is left). */
const cut = (s: string, n: number) => Array.from(s).slice(0, n).join('');

/**
 * The text of the European Payments Council's SEPA credit transfer code ("GiroCode"), version 002, UTF-8, for a
 * transfer in euro; null when no code may be made (another currency, nothing left to pay or more than the code
 * carries, no IBAN or no beneficiary name). One element per line, LF between them: service tag, version, character
 * set, identification, BIC, name, IBAN, amount, purpose, structured reference, unstructured remittance; the
 * originator information is left out, and nothing follows the last element that is filled.
 */
export function epcPayload(t: EpcTransfer): string | null {
  if (t.currency.toUpperCase() !== 'EUR') return null;
  const iban = compactIban(t.iban ?? '');
  const name = cut((t.name ?? '').replace(/\s+/g, ' ').trim(), MAX_NAME);
  if (!/^[A-Z]{2}[0-9]{2}[A-Z0-9]{11,30}$/.test(iban) || !name) return null;
  let mills: bigint;
  try {
    mills = toMills(t.amount);
  } catch {
    return null;
  }
  if (mills < MIN_MILLS || mills > MAX_MILLS || roundMills(mills, 2) !== mills) return null;
  const bic = (t.bic ?? '').replace(/\s+/g, '').toUpperCase();
  const remittance = cut(t.reference.replace(/\s+/g, ' ').trim(), MAX_REMITTANCE);
  const lines = ['BCD', '002', '1', 'SCT', bic, name, iban, `EUR${fromMills(mills)}`, '', '', remittance];
  while (lines.at(-1) === '') lines.pop();
  const text = lines.join('\n');
  return Buffer.byteLength(text, 'utf8') <= MAX_BYTES ? text : null;
}

/** The dark modules of a QR code as rows of booleans, error correction level M (what the payment code asks for). */
export function qrModules(text: string): boolean[][] {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: 'M' });
  return Array.from({ length: modules.size }, (_, r) => Array.from({ length: modules.size }, (_, c) => !!modules.get(r, c)));
}
