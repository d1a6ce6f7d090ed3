// Real PDFs made in the test with pdf-lib, for the wrong-patient cross-check:
// pages with a text layer (the lines given), or a page drawn without any
// text (a scan has no text layer either).
import { PDFDocument, StandardFonts, rgb } from 'pdf-lib';

/** A PDF with one page per entry, each page holding its lines as real text. */
export async function pdfWithText(pages: readonly (readonly string[])[]): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (const lines of pages) {
    const page = doc.addPage([595, 842]);
    lines.forEach((line, i) => page.drawText(line, { x: 56, y: 780 - i * 20, size: 11, font }));
  }
  return doc.save();
}

/** A PDF whose page holds only drawn shapes: no text layer at all. */
export async function pdfWithoutText(): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const page = doc.addPage([595, 842]);
  page.drawRectangle({ x: 56, y: 600, width: 480, height: 180, color: rgb(0.85, 0.85, 0.85) });
  page.drawLine({ start: { x: 56, y: 560 }, end: { x: 536, y: 560 }, thickness: 2 });
  return doc.save();
}

/** Base64 of some bytes, as an attachment's content. */
export const base64Of = (bytes: Uint8Array): string => Buffer.from(bytes).toString('base64');
