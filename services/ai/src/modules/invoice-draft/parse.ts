import { WORD_NUMBER, currencyOf, readNumber } from './numbers.ts';
import { findDueRule, findIssueDate, type DueRule } from './dates.ts';
import { linesOf, MONEY, splitLines, type ParsedLine } from './line.ts';

export { parseLine, type ParsedLine } from './line.ts';

/** A request for an invoice read into its parts: the customer named, the lines, the terms, the dates. */

export interface ParsedRequest {
  customerMention: string | null;
  lines: ParsedLine[];
  due: DueRule | null;
  issueDate: string | null;
  currency: string | null;
  discount: { percent: string } | { amount: string } | null;
  tax: { percent: string | null; name: string | null } | { none: true } | null;
  notes: string;
  sameAsLast: boolean;
  /** The text with the e-mail's greeting and sign-off, where a customer's name is searched. */
  customerText: string;
}

/** An e-mail pasted whole: the greeting and sign-off lines go (the sign-off's company stays for the customer). */
function stripEmail(text: string): { body: string; signature: string } {
  const lines = text.split('\n');
  const out: string[] = [];
  let signature = '';
  let signing = false;
  for (const raw of lines) {
    const line = raw.trim();
    if (signing) {
      signature += ` ${line}`;
      continue;
    }
    if (/^(?:from|to|cc|date|sent)\s*:/i.test(line)) {
      signature += ` ${line}`;
      continue;
    }
    if (/^subject\s*:/i.test(line)) {
      out.push(line.replace(/^subject\s*:\s*(?:re:\s*|fw:\s*)*/i, ''));
      continue;
    }
    if (/^(?:hi|hello|hey|dear|good (?:morning|afternoon))\b[^.!?\n]{0,40}[,!]?\s*$/i.test(line)) continue;
    if (
      /^(?:thanks|thank you|many thanks|best|best regards|kind regards|regards|cheers|sincerely|warm regards|all the best)\b[^a-z0-9]*$/i.test(
        line,
      )
    ) {
      signing = true;
      continue;
    }
    out.push(raw);
  }
  return { body: out.join('\n'), signature: signature.trim() };
}

/** Removes a match from the text (a global phrase: the due date, a discount…), leaving a separator in its place. */
function cut(text: string, span: [number, number]) {
  return `${text.slice(0, span[0])} ; ${text.slice(span[1])}`;
}

const SAME_AS_LAST =
  /\b(?:(?:the\s+)?same\s+(?:as|like)\s+(?:last|the\s+last|previous|the\s+previous)\s+(?:month|time|invoice|one)(?:'s)?(?:\s+invoice)?|repeat\s+(?:the\s+|their\s+|his\s+|her\s+)?(?:last|previous)\s+(?:invoice|month)(?:'s\s+invoice)?|(?:last|previous)\s+month'?s\s+invoice\s+again|same\s+again|same\s+lines\s+as\s+last\s+(?:time|month))\b/i;

const NAME_CAP = `((?:[A-Z0-9][\\w&'.-]*)(?:\\s+(?:&\\s+|of\\s+|and\\s+)?[A-Z0-9][\\w&'.-]*){0,4})`;
const VERB = `(?:please\\s+|pls\\s+|can you\\s+|could you\\s+|kindly\\s+)?(?:create|make|draft|prepare|send|raise|issue|generate|write|do|need)?\\s*(?:me\\s+)?(?:an?\\s+|the\\s+)?(?:new\\s+)?`;
const MENTIONS: RegExp[] = [
  new RegExp(
    `^\\s*${VERB}(?:invoice|bill)\\s+(?:for|to|addressed to)\\s+([^,:;\\n]+?)(?=\\s*[,:;\\n(-]|\\s+(?:for|with|due|covering|including|re)\\b|\\s+(?=\\d|[$€£¥])|\\s+(?:${WORD_NUMBER})\\s|$)`,
    'i',
  ),
  new RegExp(
    `^\\s*(?:please\\s+|kindly\\s+|(?:could|can|would)\\s+you\\s+(?:please\\s+)?)?(?:invoice|bill|charge|send)\\s+([^,:;\\n]+?)(?=\\s*[,:;\\n(-]|\\s+(?:for|with|due|covering|re)\\b|\\s+an?\\s+invoice\\b|\\s+(?=\\d|[$€£¥]|[A-Z]{1,2}\\$|(?:USD|EUR|GBP|CAD|AUD|JPY|CHF)\\b)|\\s+(?:${WORD_NUMBER})\\s|$)`,
    'i',
  ),
  new RegExp(`(?:^|\\n)\\s*(?:customer|client|bill\\s+to|to|company)\\s*:\\s*([^,;\\n]+)`, 'i'),
  new RegExp(`^\\s*(?:new\\s+)?(?:client|customer)\\s+([^,:;\\n]+?)\\s*[:,—–-]`, 'i'),
  new RegExp(`^\\s*([^,:;\\n]+?)\\s+(?:needs?\\s+(?:an?\\s+)?invoice|owes?\\s+(?:us|me))\\b`, 'i'),
  new RegExp(
    `^\\s*(?:need|have|want)\\s+to\\s+(?:bill|invoice|charge)\\s+([^,:;\\n]+?)(?=\\s*[,:;\\n(-]|\\s+(?:for|with|due)\\b|\\s+(?=\\d|[$€£¥])|$)`,
    'i',
  ),
  new RegExp(`^\\s*${NAME_CAP}\\s*[:—–]\\s`),
  new RegExp(`\\b(?:for|to)\\s+${NAME_CAP}(?=\\s*(?:[,.;!?\\n]|$)|\\s+(?:plus|and|with|due|net|please|this|next|for)\\b)`),
  new RegExp(`\\b(?:for|to)\\s+([a-z][\\w&'.-]*(?:\\s+[a-z][\\w&'.-]*)?)\\s*(?=[,.;!?\\n]|$|\\s+(?:plus|due|net)\\b)`, 'i'),
];
/** Words that start a line item or a term, never a customer's name. */
const NOT_A_NAME = new RegExp(
  `^(?:the|a|an|our|my|this|last|next|${WORD_NUMBER}|\\d.*|hours?|days?|work|services?|consulting|support|design|development|it|them|us|me|him|her|we|i|they|you|invoice|same|request|reminder|needed|please|attached|march|april|may|june|july|august|september|october|november|december|january|february)$`,
  'i',
);

function findMention(body: string): { name: string; span: [number, number] } | null {
  for (const re of MENTIONS) {
    const m = re.exec(body);
    if (!m) continue;
    const name = m[1]!.trim().replace(/[.,]+$/, '');
    if (!name || NOT_A_NAME.test(name) || NOT_A_NAME.test(name.split(/\s+/)[0]!) || /^[\d$€£¥]/.test(name)) continue;
    const at = m.index + m[0].indexOf(m[1]!);
    // The whole verb phrase goes with a leading mention ("Invoice Acme"), only the name with a trailing one.
    const start = re === MENTIONS[7] || re === MENTIONS[8] ? at - (m[0].indexOf(m[1]!) > 0 ? m[0].indexOf(m[1]!) : 0) : m.index;
    return { name, span: [start, at + m[1]!.length] };
  }
  return null;
}

const DISCOUNT: { re: RegExp; read: (m: RegExpExecArray) => ParsedRequest['discount'] }[] = [
  { re: new RegExp(`(\\d+(?:[.,]\\d+)?)\\s?%\\s*(?:discount|off|rebate|reduction)`, 'i'), read: (m) => ({ percent: readNumber(m[1]!)! }) },
  {
    re: new RegExp(`(?:discount|rebate|reduction)\\s*(?:of|:)?\\s*(\\d+(?:[.,]\\d+)?)\\s?%`, 'i'),
    read: (m) => ({ percent: readNumber(m[1]!)! }),
  },
  {
    re: new RegExp(`(?:discount|rebate|reduction|less|minus)\\s*(?:of|:)?\\s*${MONEY}`, 'i'),
    read: (m) => ({ amount: readNumber(m[2]!)! }),
  },
  { re: new RegExp(`${MONEY}\\s*(?:discount|off)\\b`, 'i'), read: (m) => ({ amount: readNumber(m[2]!)! }) },
];

const TAX_NONE = /\b(?:no\s+(?:tax|vat|gst)|tax[- ]?(?:exempt|free)|vat[- ]?(?:exempt|free)|without\s+(?:tax|vat|gst)|zero[- ]rated)\b/i;
const TAX_HINT =
  /\b(?:plus|with|add|incl(?:uding|\.)?|\+)\s*(?:(\d+(?:[.,]\d+)?)\s?%\s*)?((?:sales\s+tax|vat|gst|hst|pst|tax|mwst|tva|iva)(?:\s*\(?(\d+(?:[.,]\d+)?)\s?%\)?)?)/i;
const NOTES = /\b(?:notes?|memo|message|comment)\s*(?::|-|saying|that says|reading)\s*["“]?([^"”\n]+?)["”]?\s*(?:$|\n)/i;
const REFERENCE =
  /\b((?:PO|P\.O\.|purchase order|ref(?:erence)?|order)\b(?:\s*(?:number|no\.?|#|:))?\s*#?\s*(?=[A-Z-]*\d)[A-Z0-9][A-Z0-9-]{2,})\b/i;
const BARE_CURRENCY = new RegExp(`\\b(?:in|currency\\s*:?)\\s+(USD|EUR|GBP|CAD|AUD|JPY|CHF|euros?|dollars?|pounds?|yen)\\b`, 'i');

/** Reads a request for an invoice (a sentence, a note, a pasted e-mail) into its parts. `today` is yyyy-mm-dd. */
export function parseRequest(input: string, today: string): ParsedRequest {
  const text = input.replace(/\r\n?/g, '\n');
  const { body: emailBody, signature } = stripEmail(text);
  let body = emailBody;

  const sameMatch = SAME_AS_LAST.exec(body);
  const sameAsLast = !!sameMatch;
  if (sameMatch) body = cut(body, [sameMatch.index, sameMatch.index + sameMatch[0].length]);

  const due = findDueRule(body);
  if (due) body = cut(body, due.span);
  const issue = findIssueDate(body, today);
  if (issue) body = cut(body, issue.span);

  let discount: ParsedRequest['discount'] = null;
  for (const d of DISCOUNT) {
    const m = d.re.exec(body);
    if (m) {
      discount = d.read(m);
      body = cut(body, [m.index, m.index + m[0].length]);
      break;
    }
  }
  let tax: ParsedRequest['tax'] = null;
  const none = TAX_NONE.exec(body);
  if (none) {
    tax = { none: true };
    body = cut(body, [none.index, none.index + none[0].length]);
  } else {
    const t = TAX_HINT.exec(body);
    if (t) {
      const pct = t[1] ?? t[3];
      tax = { percent: pct ? readNumber(pct) : null, name: t[2]!.replace(/\s*\(?\d.*$/, '').trim() };
      body = cut(body, [t.index, t.index + t[0].length]);
    }
  }
  let notes = '';
  const n = NOTES.exec(body);
  if (n) {
    notes = n[1]!.trim();
    body = cut(body, [n.index, n.index + n[0].length]);
  }
  const ref = REFERENCE.exec(body);
  if (ref) {
    notes = notes ? `${notes} ${ref[1]}` : ref[1]!;
    body = cut(body, [ref.index, ref.index + ref[0].length]);
  }
  let currency: string | null = null;
  const bare = BARE_CURRENCY.exec(body);
  if (bare) {
    currency = currencyOf(bare[1]);
    body = cut(body, [bare.index, bare.index + bare[0].length]);
  }

  // Requests from an e-mail: only the sentences that ask for something billable are lines.
  const mention = findMention(body);
  if (mention) body = cut(body, mention.span);
  body = body
    .replace(
      /\b(?:could|can|would) you (?:please )?(?:send|make|prepare|create|raise|issue) (?:us |me )?(?:an? |the )?invoice (?:for|covering)\b/gi,
      ' ; ',
    )
    .replace(/\b(?:please )?(?:send|make|prepare|create|raise|issue) (?:us |me )?(?:an? |the )?invoice (?:for|covering)\b/gi, ' ; ')
    .replace(/\b(?:we|i) (?:need|would like|want) (?:an? )?invoice (?:for|covering)\b/gi, ' ; ')
    .replace(
      /\b(?:please\s+|kindly\s+)?(?:(?:could|can|would)\s+you\s+(?:please\s+)?)?(?:invoice|bill|charge)\s+(?:us|me)\b(?:\s+for)?/gi,
      ' ; ',
    )
    .replace(/\b(?:(?:could|can|would)\s+you\s+(?:please\s+)?|please\s+)(?:invoice|bill|charge)\b/gi, ' ; ')
    .replace(/\b(?:an?\s+)?invoice (?:for|covering)\b/gi, ' ; ')
    .replace(
      /\b(?:(?:need|needs|want|wants|have)\s+to\s+(?:bill|invoice|charge)|needs?\s+(?:an?\s+)?invoice|owes?\s+(?:us|me)(?:\s+for)?|(?:please\s+)?(?:invoice|bill)\s+(?:them|him|her))\b\s*:?/gi,
      ' ; ',
    )
    .replace(
      /^\s*(?:please\s+)?(?:create|make|draft|prepare|send|raise|issue|generate|write|do|need)?\s*(?:me\s+|us\s+)?(?:an?\s+|the\s+)?(?:new\s+)?(?:invoice|bill)\b\s*(?:for|to|with)?/i,
      ' ',
    );

  const lines = linesOf(splitLines(body));

  const wholeCurrency = lines.find((l) => l.currency)?.currency ?? currency;
  return {
    customerMention: mention?.name ?? null,
    lines,
    due,
    issueDate: issue?.date ?? null,
    currency: currency ?? wholeCurrency ?? null,
    discount,
    tax,
    notes,
    sameAsLast,
    customerText: `${mention?.name ?? ''} ${text} ${signature}`.trim(),
  };
}
