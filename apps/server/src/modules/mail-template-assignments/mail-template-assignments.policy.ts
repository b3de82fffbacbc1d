// Who may assign mail templates: the route's permission, and for mails that carry an account link
// (invitation, password reset) the mail area's link rule (`assertMayChangeLinkMails`, ADR 0034), which
// this area applies to the events whose template a save actually changes.

/** The events whose template the save changes (an event saved with the template it has is no change). */
export function relinkedEvents(
  before: ReadonlyMap<string, string | null>,
  assignments: readonly { event: string; template_id: string | null }[],
): string[] {
  return assignments.filter((a) => (before.get(a.event) ?? null) !== a.template_id).map((a) => a.event);
}
