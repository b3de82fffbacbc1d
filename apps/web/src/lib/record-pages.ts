/**
 * The pages of an area's records, by the kind the audit trail names them (`AUDIT_ENTITIES`, kebab-case): a kind
 * with a page per record links to that page; a kind the product keeps once (a setting) to its settings page. A
 * feature declares its own in its `paths.ts` as `recordPages`.
 */
export type RecordPages = Record<string, (id: string) => string>;
