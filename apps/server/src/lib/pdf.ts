import PDFDocument from 'pdfkit';

/**
 * A PDF made with pdfkit, collected into one buffer: `build` draws on the document, which is then ended. Rejects
 * when `build` throws or pdfkit fails while writing.
 */
export function renderPdf(
  options: PDFKit.PDFDocumentOptions,
  build: (doc: PDFKit.PDFDocument) => void,
): Promise<Buffer> {
  return new Promise<Buffer>((resolve, reject) => {
    const doc = new PDFDocument(options);
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    try {
      build(doc);
    } catch (err) {
      reject(err);
      return;
    }
    doc.end();
  });
}
