/** A `%term%` pattern for LIKE/ILIKE that matches the term literally (its `\`, `%` and `_` escaped). */
export const likePattern = (term: string) => `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
