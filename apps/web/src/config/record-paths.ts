import type { RecordPages } from '../lib/record-pages';

/**
 * The page of a record, by the kind the audit trail names it: each feature declares the pages of its own records in
 * its `paths.ts` (`recordPages`); this glob gathers them. A kind without a page of its own (a session, a booking, a
 * note) has none.
 */
const featurePaths = import.meta.glob<{ recordPages?: RecordPages }>('./*/paths.ts', {
  base: '../features',
  eager: true,
});
// Whole modules, not `import: 'recordPages'`: most features have no record pages, and the production build refuses a
// named import a module does not export.
const featureRecordPages = Object.values(featurePaths).map((paths) => paths.recordPages);

/** Every feature's record pages, in one table; a kind two features claim is a mistake `recordPath`'s test names. */
export const RECORD_PAGES: RecordPages = Object.assign({}, ...featureRecordPages.filter(Boolean));

/** The kinds each feature claims, for the test that no kind is claimed twice. */
export const claimedKinds = (): string[] => featureRecordPages.flatMap((pages) => Object.keys(pages ?? {}));

/** An id that goes into a path as it is (the records' ids are UUIDs); anything else gets no link. */
const PLAIN_ID = /^[\w.-]+$/;

/** The page of record `id` of kind `entity`, or undefined for a kind without a page (or an id unfit for a path). */
export function recordPath(entity: string, id: string): string | undefined {
  const path = Object.hasOwn(RECORD_PAGES, entity) ? RECORD_PAGES[entity] : undefined;
  return path && PLAIN_ID.test(id) ? path(id) : undefined;
}
