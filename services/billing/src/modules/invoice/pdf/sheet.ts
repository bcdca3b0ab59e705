import PDFDocument from 'pdfkit';
import type { TemplateSettings } from '@billpoint/proto';
import { postalLines, type PostalAddress } from './address.ts';
import { useFaces } from './faces.ts';
import { FallbackText } from './fallback-text.ts';
import { formatDate, formatMoney, formatQuantity, htmlToText } from './format.ts';
import type { DocumentKind, PdfLine, TotalRow } from './kinds/kind.ts';
import { labelsFor, type Labels } from './labels.ts';
import { drawLogo, type PreparedLogo } from './logo.ts';
import { xmlText } from '../../e-invoice/xml.ts';

/** The seller block: the organization's name and, once its settings are saved, its address and contacts. */
export interface PdfSeller extends PostalAddress {
  name: string | null;
  email?: string | null;
  phone?: string | null;
  website?: string | null;
  taxId?: string | null;
  logoUrl?: string | null;
  /** The bank account customers pay into (organization settings): printed with the EPC payment code on invoices. */
  iban?: string | null;
  bic?: string | null;
  accountHolder?: string | null;
  /** White-label: the document names the organization only, never the product. */
  whiteLabel?: boolean;
}

export interface TextStyle {
  size?: number;
  color?: string;
  bold?: boolean;
}
export type TextOptions = PDFKit.Mixins.TextOptions;

const BASE_SIZE = { small: 9, medium: 10, large: 11.5 } as const;
const LOGO_BOX = { small: { width: 110, height: 34 }, medium: { width: 160, height: 52 }, large: { width: 220, height: 76 } } as const;

/** `#RRGGBB` mixed with white: `amount` 0 is the colour, 1 is white (tints for fills and hairlines). */
export function tint(hex: string, amount: number): string {
  const n = parseInt(hex.slice(1), 16);
  const mix = (c: number) => Math.round(c + (255 - c) * amount);
  const [r, g, b] = [(n >> 16) & 255, (n >> 8) & 255, n & 255].map(mix) as [number, number, number];
  return `#${((1 << 24) | (r << 16) | (g << 8) | b).toString(16).slice(1).toUpperCase()}`;
}

/**
 * One document being drawn — an invoice or a credit note (its DocumentKind) — with its template's settings and what
 * every layout shares: text in a style, page decoration (background, watermark, footer text), the parties, the
 * details, totals and closing texts. Layouts (layouts/*.ts) arrange these differently, whatever the kind.
 */
/**
 * A document-information text. In PDF/A mode pdfkit also writes it into the XMP packet as it is, unescaped: there
 * `&`, `<` and `>` (a company called "Smith & Co") would make the XMP invalid XML, so they become their full-width
 * look-alikes, and characters XML cannot hold at all (a control character stored in a name) are dropped, in the
 * information dictionary too (PDF/A wants both to say the same).
 */
export function metadataText(text: string, pdfA: boolean): string {
  return pdfA ? xmlText(text).replace(/&/g, '\uFF06').replace(/</g, '\uFF1C').replace(/>/g, '\uFF1E') : text;
}

export class Sheet {
  readonly doc: PDFKit.PDFDocument;
  readonly L: Labels;
  readonly base: number;
  readonly page = { width: 595.28, height: 841.89, margin: 50, top: 50, bottom: 841.89 - 64, left: 50, right: 545.28 };
  readonly c: { primary: string; secondary: string; accent: string; background: string; text: string; line: string; soft: string };

  /** What is drawn: an invoice, a credit note (kinds/). */
  readonly kind: DocumentKind;
  readonly seller: PdfSeller | null;
  readonly t: TemplateSettings;
  readonly logo: PreparedLogo | null;
  /** Chinese and Japanese text, drawn in the CJK face where the template face has no glyph. */
  readonly #fallback: FallbackText;
  #bold = false;

  constructor(
    kind: DocumentKind,
    seller: PdfSeller | null,
    t: TemplateSettings,
    logo: PreparedLogo | null,
    /** PDF/A-3b (Factur-X): embedded fonts only (they always are), XMP metadata, an sRGB output intent. */
    pdfA3 = false,
  ) {
    this.kind = kind;
    this.seller = seller;
    this.t = t;
    this.logo = logo;
    this.doc = new PDFDocument({
      size: 'A4',
      margins: { top: 50, left: 50, right: 50, bottom: 64 },
      // No default Helvetica: pdfkit would parse its AFM metrics for every document, only for us to replace it.
      font: null as unknown as string,
      ...(pdfA3 ? { subset: 'PDF/A-3b' as const, pdfVersion: '1.7' as const } : {}),
      info: {
        Title: metadataText(`${kind.title(labelsFor(t.language), this)} ${kind.number}`, pdfA3),
        Author: metadataText(seller?.name ?? (seller?.whiteLabel ? '' : 'Billpoint'), pdfA3),
        Producer: seller?.whiteLabel ? metadataText(seller.name ?? '', pdfA3) : 'Billpoint',
        Creator: seller?.whiteLabel ? metadataText(seller.name ?? '', pdfA3) : 'Billpoint',
        // Deterministic: the same document gives the same bytes (the e-mail attachment is the document GET /pdf answers).
        CreationDate: new Date(kind.createdAt),
      },
    });
    useFaces(this.doc, t.fontFamily);
    this.#fallback = new FallbackText(this.doc, t.fontFamily);
    this.L = labelsFor(t.language);
    this.base = BASE_SIZE[t.fontSize] ?? 10;
    this.c = {
      primary: t.primaryColor,
      secondary: t.secondaryColor,
      accent: t.accentColor,
      background: t.backgroundColor,
      text: t.textColor,
      line: tint(t.secondaryColor, 0.75),
      soft: tint(t.primaryColor, 0.9),
    };
    this.decorate();
    this.doc.on('pageAdded', () => this.decorate());
  }

  get width() {
    return this.page.right - this.page.left;
  }

  /** The large title in the template's language ("Invoice", "Credit Note"). */
  get title(): string {
    return this.kind.title(this.L, this);
  }
  get number(): string {
    return this.kind.number;
  }
  get items(): readonly PdfLine[] {
    return this.kind.items;
  }

  money = (v: string) => formatMoney(v, this.kind.currency, this.t.numberFormat);
  date = (d: string) => formatDate(d, this.t.dateFormat, this.t.language);
  qty = (q: string) => formatQuantity(q, this.t.numberFormat);

  /**
   * Text at (x, y) in a style; answers its height. Most texts of an invoice are one line (labels, figures): those
   * are placed directly (aligned by their measured width) instead of through pdfkit's line wrapper, which costs a
   * line-breaking pass and a second layout per text.
   */
  text(value: string, x: number, y: number, o: TextOptions = {}, s: TextStyle = {}): number {
    this.style(s);
    const d = this.doc;
    if (this.#fallback.needs(value, this.#bold)) return this.#fallback.draw(value, x, y, o, this.#bold);
    const single = this.#singleLine(value, o);
    if (single !== null) {
      const dx = o.align === 'right' ? o.width! - single : o.align === 'center' ? (o.width! - single) / 2 : 0;
      d.text(value, x + dx, y, { lineBreak: false, characterSpacing: o.characterSpacing });
      d.y = y + d.currentLineHeight(true);
      return d.y - y;
    }
    d.text(value, x, y, o);
    return d.y - y;
  }

  /** The height `value` takes in a style and width. */
  measure(value: string, o: TextOptions, s: TextStyle = {}): number {
    this.style(s);
    if (this.#fallback.needs(value, this.#bold)) return this.#fallback.height(value, o, this.#bold);
    return this.#singleLine(value, o) !== null ? this.doc.currentLineHeight(true) : this.doc.heightOfString(value, o);
  }

  /** The width of `value` when it fits on one line of `o.width` (no line feed), else null. */
  #singleLine(value: string, o: TextOptions): number | null {
    if (value.includes('\n') || (o.align === 'justify' && o.lineBreak !== false)) return null;
    const w = this.doc.widthOfString(value, { characterSpacing: o.characterSpacing });
    return o.width === undefined || w <= o.width || o.lineBreak === false ? w : null;
  }

  style(s: TextStyle) {
    const d = this.doc as PDFKit.PDFDocument & { _fillColor?: [unknown, unknown] };
    const color = s.color ?? this.c.text;
    this.#bold = !!s.bold;
    d.font(s.bold ? 'Bold' : 'Regular').fontSize(s.size ?? this.base);
    // A colour operator only when the colour changes (most cells share one).
    if (d._fillColor?.[0] !== color || d._fillColor?.[1] !== undefined) d.fillColor(color);
  }

  /** `y` if `needed` points fit on this page, else the top of a new page. */
  room(y: number, needed: number): number {
    if (y + needed <= this.page.bottom) return y;
    this.doc.addPage();
    return this.page.top;
  }

  /** Background, watermark and footer text of the current page, drawn under everything else. */
  decorate() {
    const d = this.doc as PDFKit.PDFDocument & { _font: unknown; _fontSize: number; _fillColor: [string, number?] | undefined };
    const saved = { x: d.x, y: d.y, font: d._font, size: d._fontSize, fill: d._fillColor as [string, number?] | undefined };
    d._fillColor = undefined; // a new page starts from the default graphics state (style() skips unchanged colours)
    const { width, height } = this.page;
    d.save();
    if (this.t.backgroundColor !== '#FFFFFF') d.rect(0, 0, width, height).fill(this.t.backgroundColor);
    const mark = this.t.watermarkText?.trim();
    if (mark && this.t.watermarkOpacity > 0) {
      // Diagonal across the page, sized to about three quarters of the diagonal, under the content.
      const fallback = this.#fallback.needs(mark, true);
      const widthOf = () => (fallback ? this.#fallback.width(mark, true) : d.widthOfString(mark));
      this.style({ bold: true, size: 10 });
      const size = Math.min(120, (height * 0.9 * 10) / Math.max(widthOf(), 1));
      this.style({ bold: true, size, color: this.c.secondary });
      const w = widthOf();
      d.rotate(-45, { origin: [width / 2, height / 2] }).fillOpacity(this.t.watermarkOpacity);
      if (fallback) this.#fallback.draw(mark, (width - w) / 2, height / 2 - size * 0.4, { lineBreak: false }, true);
      else d.text(mark, (width - w) / 2, height / 2 - size * 0.4, { lineBreak: false });
    }
    d.restore();
    d._fillColor = undefined; // restored by the PDF, not by pdfkit's own record
    const footer = htmlToText(this.t.footerHtml);
    if (footer) {
      d.save();
      this.text(
        footer,
        this.page.left,
        height - 50,
        { width: this.width, align: 'center', height: 36, ellipsis: true },
        { size: this.base - 2, color: this.c.secondary },
      );
      d.restore();
      d._fillColor = undefined; // restored by the PDF, not by pdfkit's own record
    }
    Object.assign(d, { x: saved.x, y: saved.y, _font: saved.font, _fontSize: saved.size, _fillColor: undefined });
    // Text pdfkit carries on onto this page continues in its colour (the wrapper re-applies _fillColor).
    if (saved.fill) d.fillColor(...saved.fill);
  }

  /** The logo in a box at (x, y), as the template places and sizes it; answers the height used (0 without one). */
  drawLogo(x: number, y: number, width: number, align = this.t.logoPosition): number {
    if (!this.logo || !this.t.showCompanyLogo) return 0;
    const box = LOGO_BOX[this.t.logoSize] ?? LOGO_BOX.medium;
    return drawLogo(this.doc, this.logo, { x, y, width: Math.min(width, box.width), height: box.height, align });
  }
  get logoWidth() {
    return (LOGO_BOX[this.t.logoSize] ?? LOGO_BOX.medium).width;
  }
  get hasLogo() {
    return !!this.logo && this.t.showCompanyLogo;
  }

  get sellerName() {
    return this.seller?.name ?? '';
  }
  /** Under the seller's name: its address and contacts (organization settings), then the template's header text. */
  get headerText() {
    const s = this.seller;
    const lines = s
      ? [...postalLines(s, this.t.language), s.phone, s.email, s.website, s.taxId ? `${this.L.taxId}: ${s.taxId}` : null]
      : [];
    return [...lines, htmlToText(this.t.headerHtml)].filter((v): v is string => !!v && v.trim() !== '').join('\n');
  }

  /**
   * The customer's lines as a letter is addressed: name, company, the full postal address and the VAT id (a buyer
   * must be named with its address on an invoice), then e-mail and phone.
   */
  get billTo(): string {
    const c = this.kind.billTo;
    const taxId = c?.taxId?.trim() ? `${this.L.taxId}: ${c.taxId.trim()}` : null;
    const lines = [c?.name, c?.company, ...postalLines(c, this.t.language), taxId, c?.email, c?.phone];
    return lines.filter((v): v is string => !!v && v.trim() !== '').join('\n') || '—';
  }

  /** Label/value rows beside Bill To: number, dates and what the kind adds. */
  get details(): [string, string][] {
    return this.kind.details(this);
  }

  /** Totals rows of the document (the kind's). */
  get totals(): TotalRow[] {
    return this.kind.totals(this);
  }

  /** The figure the modern layout highlights (what is due on an invoice, the credit of a credit note). */
  get highlight() {
    return this.kind.highlight(this);
  }

  /** Headed closing paragraphs (notes and terms of an invoice; reason and resolution of a credit note). */
  get closing(): [string, string][] {
    return this.kind.closing(this);
  }

  /** Flowing closing texts from `y` (pdfkit breaks pages itself); `heading` styles the labels. */
  drawClosing(y: number, heading: TextStyle = { bold: true, color: this.c.secondary }) {
    let at = y;
    for (const [label, value] of this.closing) {
      at = this.room(at, this.base * 4);
      at += this.text(label, this.page.left, at, { width: this.width }, { size: this.base, ...heading }) + 3;
      this.text(value, this.page.left, at, { width: this.width });
      at = this.doc.y + this.base;
    }
    return at;
  }
}
