import { openPdf } from './pdf.ts';

/** What a Factur-X PDF shows of itself, read with MuPDF: its attachments, XMP metadata, PDF/A markers. */
export interface FacturXInspection {
  version: string;
  attachments: { name: string; relationship: string | null; subtype: string | null; xml: string }[];
  /** The root's /AF array names the attachment (PDF/A-3 associated files). */
  rootAfCount: number;
  xmp: string;
  outputIntent: string | null;
}

export function inspectFacturX(pdf: Uint8Array): FacturXInspection {
  const doc = openPdf(pdf);
  try {
    const root = doc.getTrailer().get('Root');
    const attachments = Object.entries(doc.getEmbeddedFiles()).map(([name, spec]) => {
      const rel = spec.get('AFRelationship');
      const ef = spec.get('EF').get('F');
      const subtype = ef.get('Subtype');
      return {
        name,
        relationship: rel.isName() ? rel.asName() : null,
        subtype: subtype.isName() ? subtype.asName() : null,
        xml: doc.getEmbeddedFileContents(spec)?.asString() ?? '',
      };
    });
    const metadata = root.get('Metadata');
    const intents = root.get('OutputIntents');
    const intent = intents.isArray() && intents.length ? intents.get(0).get('S') : null;
    return {
      version: doc.getMetaData('format') ?? '',
      attachments,
      rootAfCount: root.get('AF').isArray() ? root.get('AF').length : 0,
      xmp: metadata.isStream() ? metadata.readStream().asString() : '',
      outputIntent: intent?.isName() ? intent.asName() : null,
    };
  } finally {
    doc.destroy();
  }
}
