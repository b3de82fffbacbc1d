// Who may change a unit is the route's permission (backoffice-unit) and the company scope (in SQL: another
// company's unit is not found). These are the rules on where a unit may sit and who may belong to it.

type UnitRef = { id: string; companyId: string };

/** A unit's parent must be a unit of the same company (one tree per company). */
export const parentInCompany = (companyId: string, parent: UnitRef | undefined): parent is UnitRef =>
  parent?.companyId === companyId;

/** A unit cannot sit below itself: `subtree` is the unit and every unit below it. */
export const loopsBack = (subtree: readonly string[], parentId: string) => subtree.includes(parentId);

/** Only users of the unit's own company can belong to it: `found` are those of `wanted` that are. */
export const allMembersOfCompany = (wanted: readonly string[], found: readonly string[]) =>
  new Set(found).size === new Set(wanted).size;
