import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { TemplateFont } from '@billpoint/proto';
import { CachedFace, type FontkitFont, type PdfkitEmbeddedFont } from './cached-font.ts';

const require = createRequire(import.meta.url);
/** fontkit as pdfkit itself resolves it (pdfkit's own dependency), so a parsed font is exactly what pdfkit expects. */
const fontkit = createRequire(require.resolve('pdfkit'))('fontkit') as { create(data: Buffer): FontkitFont };

/**
 * The faces behind the template fonts, all shipped in npm packages (never read from the OS), all
 * covering Latin Extended, Greek, Cyrillic and the currency signs:
 * - Inter: Inter itself;
 * - Arial and Helvetica: Arimo, metric-compatible with both (the design Liberation Sans 2 is built from);
 * - Times New Roman: Tinos, metric-compatible with it (Liberation Serif 2's design).
 */
const FILES: Record<'inter' | 'arimo' | 'tinos', { regular: string; bold: string }> = {
  inter: {
    regular: '@expo-google-fonts/inter/400Regular/Inter_400Regular.ttf',
    bold: '@expo-google-fonts/inter/700Bold/Inter_700Bold.ttf',
  },
  arimo: {
    regular: '@expo-google-fonts/arimo/400Regular/Arimo_400Regular.ttf',
    bold: '@expo-google-fonts/arimo/700Bold/Arimo_700Bold.ttf',
  },
  tinos: {
    regular: '@expo-google-fonts/tinos/400Regular/Tinos_400Regular.ttf',
    bold: '@expo-google-fonts/tinos/700Bold/Tinos_700Bold.ttf',
  },
};
const FACE_OF: Record<TemplateFont, keyof typeof FILES> = {
  Inter: 'inter',
  Arial: 'arimo',
  Helvetica: 'arimo',
  'Times New Roman': 'tinos',
};

export interface FacePair {
  regular: CachedFace;
  bold: CachedFace;
}

/**
 * What the template faces lack in Chinese and Japanese (kanji, hanzi, kana, full-width punctuation) is drawn in
 * Noto Sans SC: its simplified Chinese design also holds the kana and the Japanese kanji. A sans serif face for
 * every template font, as the only CJK face shipped. Korean Hangul is not in it.
 */
const FALLBACK = {
  regular: '@expo-google-fonts/noto-sans-sc/400Regular/NotoSansSC_400Regular.ttf',
  bold: '@expo-google-fonts/noto-sans-sc/700Bold/NotoSansSC_700Bold.ttf',
};

/** The font files as Buffers, read once (the benchmark also hands them to pdfkit as they are). */
const files = new Map<string, Buffer>();
function read(path: string): Buffer {
  let b = files.get(path);
  if (!b) files.set(path, (b = readFileSync(require.resolve(path))));
  return b;
}
export function fontFile(family: TemplateFont, weight: 'regular' | 'bold'): Buffer {
  return read(FILES[FACE_OF[family]][weight]);
}

/** Each family's faces, parsed once per process on first use. */
const pairs = new Map<string, FacePair>();
export function facesOf(family: TemplateFont): FacePair {
  const name = FACE_OF[family] ?? 'inter';
  let pair = pairs.get(name);
  if (!pair) {
    pair = {
      regular: new CachedFace(fontkit.create(fontFile(family, 'regular'))),
      bold: new CachedFace(fontkit.create(fontFile(family, 'bold'))),
    };
    pairs.set(name, pair);
  }
  return pair;
}

let fallback: FacePair | undefined;
/**
 * The CJK faces, parsed on the first text that needs them (about 10 MB each): a process that prints only Latin,
 * Greek and Cyrillic never reads them.
 */
export function fallbackFaces(): FacePair {
  fallback ??= {
    regular: new CachedFace(fontkit.create(read(FALLBACK.regular))),
    bold: new CachedFace(fontkit.create(read(FALLBACK.bold))),
  };
  return fallback;
}

/** Registers `Regular` and `Bold` on `doc` with the family's cached faces (see CachedFace). */
export const useFaces = (doc: PDFKit.PDFDocument, family: TemplateFont) => register(doc, facesOf(family), '');
/** Registers `FallbackRegular` and `FallbackBold`, the CJK faces, on `doc` (on its first text that needs them). */
export const useFallbackFaces = (doc: PDFKit.PDFDocument) => register(doc, fallbackFaces(), 'Fallback');

function register(doc: PDFKit.PDFDocument, pair: FacePair, prefix: string) {
  for (const [name, face] of [
    [`${prefix}Bold`, pair.bold],
    [`${prefix}Regular`, pair.regular],
  ] as const) {
    doc.registerFont(name, face.font as unknown as PDFKit.Mixins.PDFFontSource);
    doc.font(name); // pdfkit makes its EmbeddedFont for this document now; the face takes it over
    face.adopt((doc as unknown as { _font: PdfkitEmbeddedFont })._font);
  }
}
