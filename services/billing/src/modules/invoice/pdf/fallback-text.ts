import { createRequire } from 'node:module';
import type { CachedFace } from './cached-font.ts';
import { facesOf, fallbackFaces, useFallbackFaces } from './faces.ts';
import type { TemplateFont } from '@billpoint/proto';

const require = createRequire(import.meta.url);
/** pdfkit's own line breaker (Unicode line breaking: between ideographs, after spaces), so both wrap alike. */
const LineBreaker = createRequire(require.resolve('pdfkit'))('linebreak') as new (text: string) => {
  nextBreak(): { position: number } | null;
};

/** A piece of a text drawn in one face: the template's, or the CJK fallback. */
interface Run {
  text: string;
  fallback: boolean;
}

/** What a fallback text is drawn with: the options Sheet.text takes that matter to it. */
export interface FallbackOptions {
  width?: number;
  align?: string;
  lineBreak?: boolean;
  characterSpacing?: number;
  height?: number;
  ellipsis?: boolean | string;
}

/** Marks (accents, variation selectors) and the joiner the template face lacks stay with the character before them. */
const attached = (ch: string) => ch === '\u200d' || /^\p{M}$/u.test(ch);

/**
 * Text with characters the template face has no glyph for (Chinese, Japanese), drawn glyph by glyph in the face that
 * has it: the text is cut into runs of one face, measured and wrapped as one line of mixed runs (pdfkit's wrapper
 * measures in one font only), each run drawn on the line's common baseline. Latin, Greek and Cyrillic text never gets
 * here (`needs` answers false after a table look-up per character), so it costs them nothing.
 */
export class FallbackText {
  readonly #doc: PDFKit.PDFDocument;
  readonly #family: TemplateFont;
  #registered = false;

  constructor(doc: PDFKit.PDFDocument, family: TemplateFont) {
    this.#doc = doc;
    this.#family = family;
  }

  #face(bold: boolean): CachedFace {
    const pair = facesOf(this.#family);
    return bold ? pair.bold : pair.regular;
  }

  /** Whether `text` has a character the template face lacks and the fallback face has. */
  needs(text: string, bold: boolean): boolean {
    const face = this.#face(bold);
    for (let i = 0; i < text.length; i++) {
      if (text.charCodeAt(i) < 0x80) continue;
      const cp = text.codePointAt(i)!;
      if (cp > 0xffff) i++;
      if (!face.has(cp) && (bold ? fallbackFaces().bold : fallbackFaces().regular).has(cp)) return true;
    }
    return false;
  }

  #runs(text: string, bold: boolean): Run[] {
    const face = this.#face(bold);
    const fallback = bold ? fallbackFaces().bold : fallbackFaces().regular;
    const runs: Run[] = [];
    for (const ch of text) {
      const cp = ch.codePointAt(0)!;
      const last = runs.at(-1);
      const inFallback = face.has(cp) ? false : last && attached(ch) ? last.fallback : fallback.has(cp);
      if (last?.fallback === inFallback) last.text += ch;
      else runs.push({ text: ch, fallback: inFallback });
    }
    return runs;
  }

  #font(run: Run, bold: boolean) {
    const name = `${run.fallback ? 'Fallback' : ''}${bold ? 'Bold' : 'Regular'}`;
    if (run.fallback && !this.#registered) {
      const size = (this.#doc as unknown as { _fontSize: number })._fontSize;
      useFallbackFaces(this.#doc);
      this.#doc.fontSize(size);
      this.#registered = true;
    }
    return this.#doc.font(name);
  }

  /** The width of one line of `text` in the current size. */
  width(text: string, bold: boolean, characterSpacing = 0): number {
    let w = 0;
    const runs = this.#runs(text, bold);
    for (const run of runs) w += this.#font(run, bold).widthOfString(run.text, { characterSpacing });
    this.#doc.font(bold ? 'Bold' : 'Regular');
    return w + characterSpacing * (runs.length - 1);
  }

  /** The lines `text` takes: its own line feeds, and breaks where a line would be wider than `o.width`. */
  lines(text: string, o: FallbackOptions, bold: boolean): string[] {
    const cs = o.characterSpacing ?? 0;
    const max = o.lineBreak === false ? undefined : o.width;
    const out: string[] = [];
    for (const paragraph of text.split('\n')) {
      if (max === undefined) {
        out.push(paragraph);
        continue;
      }
      // Greedy, as pdfkit's wrapper: words (the pieces between break opportunities) while they fit, their trailing
      // spaces not counted at the end of a line; a word wider than a line is cut where it stops fitting.
      let line = '';
      let lineW = 0;
      let from = 0;
      const breaker = new LineBreaker(paragraph);
      for (let bk = breaker.nextBreak(); bk; bk = breaker.nextBreak()) {
        const word = paragraph.slice(from, bk.position);
        from = bk.position;
        const full = this.width(word, bold, cs);
        const bare = word.trimEnd() === word ? full : this.width(word.trimEnd(), bold, cs);
        if (line && lineW + cs + bare > max) {
          out.push(line.trimEnd());
          [line, lineW] = ['', 0];
        }
        if (line || bare <= max) {
          lineW += (line ? cs : 0) + full;
          line += word;
          continue;
        }
        for (const ch of word) {
          const w = this.width(ch, bold, cs);
          if (line && lineW + cs + w > max && ch.trim()) {
            out.push(line);
            [line, lineW] = ['', 0];
          }
          lineW += (line ? cs : 0) + w;
          line += ch;
        }
      }
      out.push(line.trimEnd());
    }
    return out;
  }

  /** The lines that are drawn: those that fit in `o.height`, the last one shortened to end in the ellipsis. */
  #shown(text: string, o: FallbackOptions, bold: boolean, lineHeight: number): string[] {
    const lines = this.lines(text, o, bold);
    if (o.height === undefined) return lines;
    const fit = Math.max(1, Math.floor((o.height + 1e-6) / lineHeight));
    if (lines.length <= fit) return lines;
    const shown = lines.slice(0, fit);
    if (o.ellipsis) {
      const mark = typeof o.ellipsis === 'string' ? o.ellipsis : '…';
      const chars = [...shown[fit - 1]!];
      while (chars.length && this.width(chars.join('') + mark, bold, o.characterSpacing) > (o.width ?? Infinity)) chars.pop();
      shown[fit - 1] = chars.join('').trimEnd() + mark;
    }
    return shown;
  }

  /** The height `text` takes, as `draw` would draw it. */
  height(text: string, o: FallbackOptions, bold: boolean): number {
    const lh = this.#doc.currentLineHeight(true);
    return this.#shown(text, o, bold, lh).length * lh;
  }

  /**
   * Draws `text` from (x, y), each line aligned in `o.width`; a wrapped text runs onto a new page as pdfkit's would.
   * Every run sits on the template face's baseline, whatever the other face's ascent; lines are the template face's
   * line height apart, as a text in that face alone. Answers the height used on the last page.
   */
  draw(text: string, x: number, y: number, o: FallbackOptions, bold: boolean): number {
    const d = this.#doc;
    const size = (d as unknown as { _fontSize: number })._fontSize;
    const lh = d.currentLineHeight(true);
    const ascent = ((d as unknown as { _font: { ascender: number } })._font.ascender / 1000) * size;
    const cs = o.characterSpacing ?? 0;
    const wraps = o.width !== undefined && o.lineBreak !== false && o.height === undefined;
    let at = y;
    let top = y;
    for (const line of this.#shown(text, o, bold, lh)) {
      if (wraps && at + lh > d.page.maxY()) {
        d.addPage();
        at = top = d.page.margins.top;
      }
      const w = o.align === 'right' || o.align === 'center' ? this.width(line, bold, cs) : 0;
      let cx = x + (o.align === 'right' ? o.width! - w : o.align === 'center' ? (o.width! - w) / 2 : 0);
      for (const run of this.#runs(line, bold)) {
        const font = this.#font(run, bold);
        font.text(run.text, cx, at + ascent, { lineBreak: false, baseline: 'alphabetic', characterSpacing: cs });
        cx += font.widthOfString(run.text, { characterSpacing: cs }) + cs;
      }
      at += lh;
    }
    d.font(bold ? 'Bold' : 'Regular');
    d.x = x;
    d.y = at;
    return at - top;
  }
}
