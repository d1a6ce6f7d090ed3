// A cheap look at a PDF's end before PDF.js is asked to read it. A reader
// finds a PDF's objects through its cross-reference table, named at the end
// of the file: `startxref`, the table's offset, `%%EOF`, within the last
// 1,024 bytes (where readers look for it). A file without that trailer is
// damaged or not a PDF: PDF.js would scan the whole file to rebuild the table
// (about 0.17 s a megabyte on the main thread, before this check existed),
// and the check then treats the file as one it cannot read anyway. So such a
// file is not handed to PDF.js at all.

/** Where readers look for the trailer. */
const TAIL_BYTES = 1024;
const STARTXREF = /startxref\s+(\d{1,15})/g;

/** Whether `bytes` end with a PDF trailer naming an offset inside the file. */
export function hasPdfTrailer(bytes: Uint8Array): boolean {
  const tail = bytes.subarray(Math.max(0, bytes.length - TAIL_BYTES));
  let text = '';
  for (const byte of tail) text += String.fromCharCode(byte);
  let offset: number | undefined;
  for (const match of text.matchAll(STARTXREF)) offset = Number(match[1]); // the last one: an updated file appends its own
  return offset !== undefined && offset < bytes.length;
}
