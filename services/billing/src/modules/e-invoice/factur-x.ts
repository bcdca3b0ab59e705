import type { PdfA3Attach } from '../invoice/pdf/index.ts';

/** Factur-X 1.0 / ZUGFeRD 2.x: the attachment's fixed name and the XMP extension schema that announces it. */
export const FACTUR_X_FILENAME = 'factur-x.xml';
const FX_NS = 'urn:factur-x:pdfa:CrossIndustryDocument:invoice:1p0#';

const property = (name: string, description: string) => `
              <rdf:li rdf:parseType="Resource">
                <pdfaProperty:name>${name}</pdfaProperty:name>
                <pdfaProperty:valueType>Text</pdfaProperty:valueType>
                <pdfaProperty:category>external</pdfaProperty:category>
                <pdfaProperty:description>${description}</pdfaProperty:description>
              </rdf:li>`;

/** The XMP a Factur-X reader looks for: the fx: properties, and their PDF/A extension schema (PDF/A needs it declared). */
const facturXXmp = (documentType: 'INVOICE') => `
        <rdf:Description rdf:about="" xmlns:fx="${FX_NS}">
          <fx:DocumentType>${documentType}</fx:DocumentType>
          <fx:DocumentFileName>${FACTUR_X_FILENAME}</fx:DocumentFileName>
          <fx:Version>1.0</fx:Version>
          <fx:ConformanceLevel>EN 16931</fx:ConformanceLevel>
        </rdf:Description>
        <rdf:Description rdf:about="" xmlns:pdfaExtension="http://www.aiim.org/pdfa/ns/extension/"
            xmlns:pdfaSchema="http://www.aiim.org/pdfa/ns/schema#" xmlns:pdfaProperty="http://www.aiim.org/pdfa/ns/property#">
          <pdfaExtension:schemas>
            <rdf:Bag>
              <rdf:li rdf:parseType="Resource">
                <pdfaSchema:schema>Factur-X PDFA Extension Schema</pdfaSchema:schema>
                <pdfaSchema:namespaceURI>${FX_NS}</pdfaSchema:namespaceURI>
                <pdfaSchema:prefix>fx</pdfaSchema:prefix>
                <pdfaSchema:property>
                  <rdf:Seq>${property('DocumentFileName', 'The name of the embedded XML document')}${property(
                    'DocumentType',
                    'The type of the hybrid document in capital letters, e.g. INVOICE or ORDER',
                  )}${property('Version', 'The actual version of the standard applying to the embedded XML document')}${property(
                    'ConformanceLevel',
                    'The conformance level of the embedded XML document',
                  )}
                  </rdf:Seq>
                </pdfaSchema:property>
              </rdf:li>
            </rdf:Bag>
          </pdfaExtension:schemas>
        </rdf:Description>`;

/**
 * Factur-X (EN 16931 profile): the document's own PDF drawn as PDF/A-3b, the CII XML attached as `factur-x.xml`
 * (AFRelationship Alternative: the XML is an equivalent rendering of the PDF) and announced in the XMP. A credit note
 * is a document of type INVOICE too (its CII type code 381 tells it apart).
 */
export function facturXAttachment(ciiXml: string, date: Date): PdfA3Attach {
  return (doc) => {
    // pdfkit writes `relationship` as the file spec's AFRelationship (its types do not list it yet).
    const options: PDFKit.Mixins.PDFAttachmentOptions & { relationship: 'Alternative' } = {
      name: FACTUR_X_FILENAME,
      type: 'text/xml',
      description: 'Factur-X invoice (EN 16931)',
      relationship: 'Alternative',
      creationDate: date,
      modifiedDate: date,
    };
    doc.file(Buffer.from(ciiXml, 'utf8'), options);
    doc.appendXML(facturXXmp('INVOICE'));
  };
}
