// Who may assign document templates: the route's permission; and a template may be assigned only by someone
// who sees it (the documents area's company scope, in SQL). Another company's template is not found.

/** The first of the wanted templates the actor may not use (does not see), if any. */
export const firstUnusableTemplate = (wanted: readonly string[], usable: ReadonlySet<string>) =>
  wanted.find((id) => !usable.has(id));
