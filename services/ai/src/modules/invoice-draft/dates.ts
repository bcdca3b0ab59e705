import * as chrono from 'chrono-node';
import { readNumber, WORD_NUMBER } from './numbers.ts';
import { dayInZone } from '@billpoint/kit';

/** Calendar arithmetic on yyyy-mm-dd strings (UTC dates, no clock time: a date is the same everywhere). */
const toDate = (iso: string) => new Date(`${iso}T00:00:00Z`);
const iso = (d: Date) => d.toISOString().slice(0, 10);
export const addDays = (date: string, days: number) => iso(new Date(toDate(date).getTime() + days * 86_400_000));
export function addMonths(date: string, months: number) {
  const d = toDate(date);
  const day = d.getUTCDate();
  const first = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + months, 1));
  const last = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0)).getUTCDate();
  return iso(new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth(), Math.min(day, last))));
}
const endOfMonth = (date: string, months = 0) => {
  const d = toDate(date);
  return iso(new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + months + 1, 0)));
};

/** Today in a time zone, as yyyy-mm-dd (an unknown zone counts as UTC). */
export function todayIn(timeZone: string, now = new Date()): string {
  return dayInZone(now, timeZone);
}

/** A date phrase ("Friday", "March 31", "the 5th of next month", "2026-12-15", "tomorrow") read on or after `ref`. */
export function readDatePhrase(phrase: string, ref: string): string | null {
  const p = phrase.trim().toLowerCase();
  const ofNext = /^(?:the\s+)?(\d{1,2})(?:st|nd|rd|th)?\s+(?:of\s+)?(next|this|the following)\s+month\b/.exec(p);
  if (ofNext) {
    const base = ofNext[2] === 'this' ? ref : addMonths(`${ref.slice(0, 8)}01`, 1);
    const day = Math.min(Number(ofNext[1]), Number(endOfMonth(base).slice(8)));
    return `${base.slice(0, 8)}${String(day).padStart(2, '0')}`;
  }
  if (/^(?:the\s+)?end of (?:the\s+|this\s+)?month\b/.test(p)) return endOfMonth(ref);
  if (/^(?:the\s+)?end of next month\b/.test(p)) return endOfMonth(ref, 1);
  const dayOnly = /^(?:the\s+)?(\d{1,2})(?:st|nd|rd|th)\b(?!\s+(?:of\s+)?[a-z]{3})/.exec(p);
  if (dayOnly) {
    const day = Number(dayOnly[1]);
    const thisMonth = `${ref.slice(0, 8)}${String(day).padStart(2, '0')}`;
    return thisMonth > ref ? thisMonth : `${addMonths(`${ref.slice(0, 8)}01`, 1).slice(0, 8)}${String(day).padStart(2, '0')}`;
  }
  const isoDate = /^(\d{4})-(\d{2})-(\d{2})\b/.exec(p);
  if (isoDate) return isoDate[0];
  // dd/mm/yyyy when the first part cannot be a month, else chrono's (en) month-first reading.
  const slash = /^(\d{1,2})[/.](\d{1,2})[/.](\d{2,4})\b/.exec(p);
  const parser = slash && Number(slash[1]) > 12 ? chrono.en.GB : chrono.en;
  const refDate = new Date(`${ref}T12:00:00Z`);
  const [r] = parser.parse(p, { instant: refDate, timezone: 'UTC' }, { forwardDate: true });
  if (!r || r.index > 3) return null;
  const y = r.start.get('year');
  const m = r.start.get('month');
  const d = r.start.get('day');
  if (!y || !m || !d) return null;
  const date = `${y}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
  // "due Friday" said on a Friday: next week's.
  if (date === ref && /^(?:on\s+)?(?:this\s+)?(?:mon|tues|wednes|thurs|fri|satur|sun)day\b/.test(p)) return addDays(date, 7);
  return date;
}

const N = `(\\d+|${WORD_NUMBER})`;
const UNIT = `(days?|weeks?|months?|business days?)`;

/** What the text says about the due date, and the span it said it in (removed before lines are read). */
export interface DueRule {
  /** Resolved against the issue date. */
  resolve(issueDate: string): string | null;
  span: [number, number];
  phrase: string;
}

function plus(issue: string, n: string, unit: string): string {
  const k = Number(readNumber(n) ?? n);
  if (unit.startsWith('week')) return addDays(issue, 7 * k);
  if (unit.startsWith('month')) return addMonths(issue, k);
  return addDays(issue, k);
}

const DUE_PATTERNS: { re: RegExp; make: (m: RegExpExecArray) => (issue: string) => string | null }[] = [
  {
    re: /\b(?:(?:our\s+|your\s+|the\s+)?(?:payment\s+)?terms\s+(?:are|is)\s+)?net[\s-]?(\d{1,3})\b/i,
    make: (m) => (i) => addDays(i, Number(m[1])),
  },
  { re: /\b(?:due|payable|payment|pay)\s+(?:on|upon)\s+receipt\b|\bdue\s+(?:immediately|now|today)\b/i, make: () => (i) => i },
  {
    re: new RegExp(
      `\\b(?:due|payable|pay(?:ment)?(?:\\s+(?:is\\s+)?due)?|terms?|paid)\\s+(?:with)?in\\s+(?:the\\s+next\\s+)?${N}\\s+${UNIT}`,
      'i',
    ),
    make: (m) => (i) => plus(i, m[1]!, m[2]!.toLowerCase()),
  },
  {
    re: new RegExp(`\\b${N}[\\s-]+${UNIT}\\s+(?:net|terms|payment terms|to pay|credit)\\b`, 'i'),
    make: (m) => (i) => plus(i, m[1]!, m[2]!),
  },
  { re: new RegExp(`\\b(?:payment\\s+)?terms?\\s*(?:of|:)?\\s*${N}\\s+${UNIT}`, 'i'), make: (m) => (i) => plus(i, m[1]!, m[2]!) },
  {
    re: new RegExp(`\\b(?:due|payable)\\s+${N}\\s+${UNIT}\\s+(?:from|after)\\s+(?:today|now|issue|the invoice date|invoicing)`, 'i'),
    make: (m) => (i) => plus(i, m[1]!, m[2]!),
  },
  { re: new RegExp(`\\b(?:due|payable)\\s+in\\s+${N}\\b(?!\\s*(?:%|[a-z]))`, 'i'), make: (m) => (i) => plus(i, m[1]!, 'days') },
];
/** "due Friday", "due by March 31", "payable before the 5th of next month", "deadline: 2026-12-15". */
const DUE_ON =
  /\b(?:due(?:\s+date)?|payable|pay(?:ment)?\s+(?:due\s+)?by|deadline|to be paid)\s*(?:on|by|before|no later than|:)?\s+(?:the\s+|this\s+coming\s+|this\s+)?/i;

export function findDueRule(text: string): DueRule | null {
  for (const p of DUE_PATTERNS) {
    const m = p.re.exec(text);
    if (m) return { resolve: p.make(m), span: [m.index, m.index + m[0].length], phrase: m[0] };
  }
  const on = DUE_ON.exec(text);
  if (on) {
    const start = on.index + on[0].length;
    const rest = text.slice(start, start + 60);
    const phrase = /^[^,;\n]*?(?:,\s*\d{4})?(?=\s+(?:please|thanks|thank|and|for|with)\b|[,;\n!?]|\.(?:\s|$)|$)/i.exec(rest)?.[0] ?? rest;
    return {
      resolve: (issue) => readDatePhrase(phrase, issue),
      span: [on.index, start + phrase.length],
      phrase: text.slice(on.index, start + phrase.length),
    };
  }
  return null;
}

/** "dated March 1", "issue date: 2026-11-01", "invoice date tomorrow": the issue date, when the text sets one. */
const ISSUE_ON = /\b(?:dated|issue(?:d)?(?:\s+date)?(?:\s+on)?|invoice\s+date|date\s+it|with\s+(?:an?\s+)?(?:issue\s+)?date\s+of)\s*:?\s*/i;
export function findIssueDate(text: string, today: string): { date: string; span: [number, number] } | null {
  const m = ISSUE_ON.exec(text);
  if (!m) return null;
  const start = m.index + m[0].length;
  const rest = text.slice(start, start + 40);
  const phrase = /^[^,;\n]*?(?=\s+(?:and|for|due|with|net)\b|[,;\n]|\.(?:\s|$)|$)/i.exec(rest)?.[0] ?? rest;
  const refDate = new Date(`${today}T12:00:00Z`);
  const [r] = chrono.en.parse(phrase, { instant: refDate, timezone: 'UTC' });
  if (!r) return null;
  const y = r.start.get('year');
  const mo = r.start.get('month');
  const d = r.start.get('day');
  if (!y || !mo || !d) return null;
  return { date: `${y}-${String(mo).padStart(2, '0')}-${String(d).padStart(2, '0')}`, span: [m.index, start + phrase.length] };
}
