import type { z } from 'zod';
import type { InvalidParameter } from '../../schemas/problem.js';

type Issue = z.core.$ZodIssue;

/** `['attachments', 0, 'fileName']` → `attachments[0].fileName`, the spec's dotted paths. */
export function dottedPath(path: readonly PropertyKey[]): string {
  return path.reduce<string>((out, segment) => {
    if (typeof segment === 'number') return `${out}[${segment}]`;
    const name = String(segment);
    return out ? `${out}.${name}` : name;
  }, '');
}

const article = (word: string): string => (/^[aeiou]/i.test(word) ? `an ${word}` : `a ${word}`);
const quoteAll = (values: readonly unknown[]): string => values.map((v) => `'${String(v)}'`).join(', ');
const TYPE_WORDS: Record<string, string> = { int: 'integer' };

/**
 * A reason in the sandbox's words. Built from the issue's code and
 * expectations only: the received value is never quoted, it may be patient data.
 */
function reasonOf(issue: Issue): string {
  switch (issue.code) {
    case 'invalid_type':
      if (issue.message.endsWith('received undefined')) return 'is required';
      return `must be ${article(TYPE_WORDS[issue.expected] ?? issue.expected)}`;
    case 'invalid_value':
      return issue.values.length === 1 ? `must be ${quoteAll(issue.values)}` : `must be one of ${quoteAll(issue.values)}`;
    case 'invalid_union': {
      // The open enums are "a known value or any string": the last branch says what was wrong.
      const branch = issue.errors.at(-1)?.[0];
      return branch ? reasonOf(branch) : 'is invalid';
    }
    case 'invalid_format':
      return issue.message.startsWith('Invalid') ? 'has an invalid format' : issue.message;
    default:
      return 'is invalid';
  }
}

/** A zod error as the spec's invalidParameters. */
export function toInvalidParameters(error: z.ZodError): InvalidParameter[] {
  return error.issues.map((issue) => ({ name: dottedPath(issue.path) || '(body)', reason: reasonOf(issue) }));
}
