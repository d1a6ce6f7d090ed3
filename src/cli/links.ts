// Where the `cdms` command points for documentation. Absolute: a package
// user has the command but no docs/ folder. The repository address is the
// one package.json gives (a test keeps the two in step).

/** The repository's home on the web. */
export const REPOSITORY_URL = 'https://github.com/cdms-sdk/cdms-sdk';

/** The web address of a guide in docs/, optionally at a heading. */
export function docsUrl(guide: string, heading?: string): string {
  return `${REPOSITORY_URL}/blob/main/docs/${guide}${heading ? `#${heading}` : ''}`;
}
