// Windows file names (Microsoft, "Naming Files, Paths, and Namespaces").
// Recipient systems save attachments under
// their fileName on Windows, so a name Windows cannot hold fails there.

/** One reason a string is not a valid Windows file name. */
export type FileNameProblem =
  | 'empty'
  | 'too-long'
  | 'reserved-char'
  | 'control-char'
  | 'dot-name'
  | 'leading-whitespace'
  | 'trailing-dot-or-space'
  | 'reserved-device-name'
  | 'unpaired-surrogate';

/** Longest component: NTFS stores UTF-16, so `.length` (code units) is the measure. */
const MAX_UNITS = 255;
/** Longer names are only reported as too long; the other checks would add nothing. */
const MAX_CHECKED = 1024;

const RESERVED_CHAR = /[<>:"/\\|?*]/;
const UNPAIRED_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** Codes 0-31; a loop rather than a regex with control characters in it. */
function hasControlChar(name: string): boolean {
  for (let i = 0; i < name.length; i++) if (name.charCodeAt(i) < 0x20) return true;
  return false;
}

/**
 * Device names, current Microsoft list: COM0 and LPT0 were removed in 2025;
 * the ISO 8859-1 superscript digits count as digits; CONIN$ and CONOUT$ are
 * the console handles.
 */
export const DEVICE_NAMES: ReadonlySet<string> = new Set([
  'CON', 'PRN', 'AUX', 'NUL', 'CONIN$', 'CONOUT$',
  ...['1', '2', '3', '4', '5', '6', '7', '8', '9', '\u00b9', '\u00b2', '\u00b3'].flatMap((d) => [`COM${d}`, `LPT${d}`]),
]);

/**
 * Whether the name is a device name, also with an extension or trailing
 * spaces before it (`NUL.txt`, `AUX .txt`): the stem before the first period
 * is compared, as CPython's `ntpath.isreserved` does.
 */
function isDeviceName(name: string): boolean {
  const dot = name.indexOf('.');
  const stem = (dot === -1 ? name : name.slice(0, dot)).replace(/ +$/, '');
  return DEVICE_NAMES.has(stem.toUpperCase());
}

/**
 * Checks a file name against the Windows naming rules and the spec's "no
 * leading or trailing whitespace or periods" (a leading period, as in
 * `.profile`, is allowed: Windows accepts it). Returns every problem found; an empty
 * array means the name is valid.
 *
 * @example
 * ```ts
 * checkWindowsFileName('discharge.pdf'); // []
 * checkWindowsFileName('NUL.txt');       // ['reserved-device-name']
 * checkWindowsFileName('report.');       // ['trailing-dot-or-space']
 * ```
 */
export function checkWindowsFileName(name: string): FileNameProblem[] {
  if (typeof name !== 'string' || name.length === 0) return ['empty'];
  if (name.length > MAX_CHECKED) return ['too-long'];
  const problems: FileNameProblem[] = [];
  if (name.length > MAX_UNITS) problems.push('too-long');
  if (RESERVED_CHAR.test(name)) problems.push('reserved-char');
  if (hasControlChar(name)) problems.push('control-char');
  if (UNPAIRED_SURROGATE.test(name)) problems.push('unpaired-surrogate');
  if (name === '.' || name === '..') problems.push('dot-name');
  else if (/[.\s]$/.test(name)) problems.push('trailing-dot-or-space');
  if (/^\s/.test(name)) problems.push('leading-whitespace');
  if (isDeviceName(name)) problems.push('reserved-device-name');
  return problems;
}

/** Reason text for a file-name problem. It never repeats the name: it may hold patient data. */
export function fileNameReason(problem: FileNameProblem, name: string): string {
  switch (problem) {
    case 'empty':
      return 'must not be empty';
    case 'too-long':
      return `is ${name.length} UTF-16 code units long; Windows allows at most ${MAX_UNITS}`;
    case 'reserved-char':
      return 'contains a character Windows does not allow in file names (< > : " / \\ | ? *)';
    case 'control-char':
      return 'contains a control character (codes 0-31), such as a tab or line break';
    case 'dot-name':
      return "must not be '.' or '..'";
    case 'leading-whitespace':
      return 'must not start with whitespace';
    case 'trailing-dot-or-space':
      return 'must not end with a space, other whitespace or a period';
    case 'reserved-device-name':
      return 'is a reserved Windows device name (CON, PRN, AUX, NUL, COM1-9, LPT1-9, CONIN$, CONOUT$, also with an extension); rename the file';
    case 'unpaired-surrogate':
      return 'contains an unpaired UTF-16 surrogate (not valid Unicode)';
  }
}
