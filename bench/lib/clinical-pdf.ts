// A clinical letter as a PDF of exactly 5,000,000 bytes (or another size), made with pdf-lib:
// twenty pages of text (forty lines each, the patient's NHS number on the
// last page only, so the wrong-patient check must read every page) and a
// scanned-looking image that makes up the rest of the size, as letterheads,
// signatures and photos do in real letters. Deterministic, so every run
// checks the same bytes.
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { pdfBytes } from './fixtures.js';

export const LETTER_BYTES = 5_000_000;
export const LETTER_PAGES = 20;
export const PATIENT_NHS_NUMBER = '9434765919';

/** A tiny valid JPEG (1 x 1): the image's header, its bulk follows after the end marker. */
const JPEG_1X1 = Buffer.from(
  '/9j/4AAQSkZJRgABAQAAAQABAAD/2wBDAAgGBgcGBQgHBwcJCQgKDBQNDAsLDBkSEw8UHRofHh0aHBwgJC4nICIsIxwcKDcpLDAxNDQ0Hyc5PTgyPC4zNDL/wAALCAABAAEBAREA/8QAFAABAAAAAAAAAAAAAAAAAAAACf/EABQQAQAAAAAAAAAAAAAAAAAAAAD/2gAIAQEAAD8AKp//2Q==',
  'base64',
);

async function build(imageBytes: number): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (let p = 1; p <= LETTER_PAGES; p++) {
    const page = doc.addPage([595, 842]);
    for (let line = 0; line < 40; line++) {
      const text =
        p === LETTER_PAGES && line === 39
          ? `NHS number: ${PATIENT_NHS_NUMBER.slice(0, 3)} ${PATIENT_NHS_NUMBER.slice(3, 6)} ${PATIENT_NHS_NUMBER.slice(6)}`
          : `Page ${p}, line ${line + 1}: seen at the out-of-hours centre; observations stable; advice given; review in 48 hours (ref ${p * 1000 + line}).`;
      page.drawText(text, { x: 40, y: 800 - line * 19, size: 9, font });
    }
  }
  if (imageBytes > 0) {
    const image = await doc.embedJpg(Buffer.concat([JPEG_1X1, pdfBytes(imageBytes, 11)]));
    doc.getPage(0).drawImage(image, { x: 400, y: 20, width: 150, height: 40 });
  }
  return doc.save({ useObjectStreams: false });
}

/** The letter, padded by its image to exactly `bytes` ({@link LETTER_BYTES} unless said). */
export async function clinicalLetter(bytes = LETTER_BYTES): Promise<Uint8Array> {
  const bare = (await build(0)).length;
  // The image's own bytes and its object's overhead, then the remainder, exactly.
  let image = bytes - bare - 200;
  for (let i = 0; i < 5; i++) {
    const size = (await build(image)).length;
    if (size === bytes) break;
    image += bytes - size;
  }
  const letter = await build(image);
  if (letter.length !== bytes) throw new Error(`the bench letter is ${letter.length} bytes, not ${bytes}`);
  return letter;
}
