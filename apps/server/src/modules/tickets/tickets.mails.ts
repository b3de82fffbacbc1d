import type { TicketStatus } from '@cuspid/contracts/tickets';
import type { DbOrTx } from '../../db/client';
import type { Deps } from '../../deps';
import { sendMail } from '../sent-mails';
import * as repo from './tickets.repository';

// The mails of a ticket (ADR 0112), written in the transaction of the change that causes them. None of them ever
// carries an internal note: a note sends no mail at all, and an answer's mail carries that public answer only.

const STATUS_LABELS: Record<string, Record<TicketStatus, string>> = {
  en: {
    new: 'new',
    open: 'open',
    pending: 'pending',
    waitingForResponse: 'waiting for your response',
    resolved: 'resolved',
  },
  de: {
    new: 'neu',
    open: 'offen',
    pending: 'zurückgestellt',
    waitingForResponse: 'wartet auf Ihre Antwort',
    resolved: 'gelöst',
  },
  fr: {
    new: 'nouveau',
    open: 'ouvert',
    pending: 'en attente',
    waitingForResponse: 'en attente de votre réponse',
    resolved: 'résolu',
  },
};

const PRIORITY_LABELS: Record<string, Record<string, string>> = {
  en: { high: 'high', normal: 'normal', low: 'low' },
  de: { high: 'hoch', normal: 'normal', low: 'niedrig' },
  fr: { high: 'haute', normal: 'normale', low: 'basse' },
};

const ticketVariables = (deps: Deps, ticket: repo.TicketRow) => ({
  ticket_number: ticket.number,
  subject: ticket.subject,
  ticket_url: `${deps.config.publicUrl}/tickets/${ticket.id}/edit`,
});

/** The reporter as a mail recipient, or undefined when it is gone or is the one who made the change. */
async function reporterOf(tx: DbOrTx, ticket: repo.TicketRow, exceptUserId?: string) {
  if (!ticket.reporterId || ticket.reporterId === exceptUserId) return undefined;
  return repo.findUserContact(tx, ticket.reporterId);
}

/** A new ticket: the support team is told (when an address is configured), the reporter gets a confirmation. */
export async function mailTicketCreated(
  deps: Deps,
  tx: DbOrTx,
  ticket: repo.TicketRow,
  companyName: string,
): Promise<void> {
  const variables = ticketVariables(deps, ticket);
  const support = (await deps.settings.get('tickets', tx)).support_mail;
  if (support) {
    await sendMail(deps, tx, {
      event: 'ticket.created',
      to: support,
      language: 'en',
      companyId: ticket.companyId,
      variables: {
        ...variables,
        company_name: companyName,
        priority: ticket.priority,
        description: ticket.description,
      },
    });
  }
  const reporter = await reporterOf(tx, ticket);
  if (!reporter) return;
  await sendMail(deps, tx, {
    event: 'ticket.received',
    to: reporter.mail,
    language: reporter.language,
    companyId: ticket.companyId,
    variables: { ...variables, first_name: reporter.firstName ?? '' },
  });
}

/**
 * A public answer goes to the other side: the support team's to the reporter, a customer's reply to the assignee
 * (or the support address while nobody is assigned). Never called for an internal note.
 */
export async function mailPublicAnswer(
  deps: Deps,
  tx: DbOrTx,
  ticket: repo.TicketRow,
  answer: { body: string; byStaff: boolean; authorId: string },
): Promise<void> {
  const variables = { ...ticketVariables(deps, ticket), answer: answer.body };
  if (answer.byStaff) {
    const reporter = await reporterOf(tx, ticket, answer.authorId);
    if (!reporter) return;
    await sendMail(deps, tx, {
      event: 'ticket.answered',
      to: reporter.mail,
      language: reporter.language,
      companyId: ticket.companyId,
      variables: { ...variables, first_name: reporter.firstName ?? '' },
    });
    return;
  }
  const assignee = ticket.assigneeId ? await repo.findUserContact(tx, ticket.assigneeId) : undefined;
  const to = assignee?.mail ?? (await deps.settings.get('tickets', tx)).support_mail;
  if (!to) return;
  await sendMail(deps, tx, {
    event: 'ticket.answered',
    to,
    language: assignee?.language ?? 'en',
    // The support team's copy is not the company's mail: the company's users do not see it in their viewer.
    companyId: null,
    variables: { ...variables, first_name: assignee?.firstName ?? '' },
  });
}

/** A status the support team (or a partner) set: the reporter is told, unless it set it itself. */
export async function mailStatusChanged(
  deps: Deps,
  tx: DbOrTx,
  ticket: repo.TicketRow,
  changedBy: string,
): Promise<void> {
  const reporter = await reporterOf(tx, ticket, changedBy);
  if (!reporter) return;
  const labels = STATUS_LABELS[reporter.language] ?? STATUS_LABELS.en!;
  await sendMail(deps, tx, {
    event: 'ticket.status-changed',
    to: reporter.mail,
    language: reporter.language,
    companyId: ticket.companyId,
    variables: {
      ...ticketVariables(deps, ticket),
      first_name: reporter.firstName ?? '',
      status: labels[ticket.status as TicketStatus],
    },
  });
}

/**
 * A ticket given to someone of the support team by someone else: the new assignee is told (assigning oneself mails
 * nobody). The mail names the ticket and its company, never a comment; it is the team's, not the company's.
 */
export async function mailAssigned(deps: Deps, tx: DbOrTx, ticket: repo.TicketRow, assignedBy: string): Promise<void> {
  if (!ticket.assigneeId || ticket.assigneeId === assignedBy) return;
  const assignee = await repo.findUserContact(tx, ticket.assigneeId);
  if (!assignee) return;
  const by = await repo.findUserContact(tx, assignedBy);
  const company = await repo.findCompanyName(tx, ticket.companyId);
  const priorities = PRIORITY_LABELS[assignee.language] ?? PRIORITY_LABELS.en!;
  await sendMail(deps, tx, {
    event: 'ticket.assigned',
    to: assignee.mail,
    language: assignee.language,
    companyId: null,
    variables: {
      ...ticketVariables(deps, ticket),
      first_name: assignee.firstName ?? '',
      company_name: company ?? '',
      priority: priorities[ticket.priority] ?? ticket.priority,
      assigned_by: by?.name ?? '',
    },
  });
}
