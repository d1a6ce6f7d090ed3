// Printing helpers: the examples never print a key, a token or an NHS number
// in full, only enough of the end to recognise it.

/** `…` and the last four characters. */
export function mask(secret: string): string {
  return secret.length <= 4 ? '…' : `…${secret.slice(-4)}`;
}

/** An NHS number as `*** *** 5919` (the 3-3-4 display, NUM-0002, with the first six hidden). */
export function maskNhsNumber(nhsNumber: string): string {
  return `*** *** ${nhsNumber.replace(/\s/g, '').slice(-4)}`;
}

/** A numbered step heading. */
export function step(n: number, title: string): void {
  console.log(`\n${n}. ${title}`);
}

/** An indented line under a step. */
export function say(text: string): void {
  console.log(`   ${text}`);
}
