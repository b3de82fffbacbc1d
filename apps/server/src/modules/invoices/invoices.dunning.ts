import { z } from 'zod';
import type { DbOrTx } from '../../db/client';
import type { Deps } from '../../deps';
import { defineJob } from '../../jobs/define-job';
import { formatMoney } from '../../lib/money';
import { findInvoiceMailAddress } from '../companies';
import { allReminderLevels, type ReminderLevelRow } from '../reminder-levels';
import { sendMail } from '../sent-mails';
import * as repo from './invoices.repository';

/** Invoices read per batch by the dunning run. */
const BATCH = 200;
const DAY_MS = 86_400_000;

const isoDay = (date: Date) => date.toISOString().slice(0, 10);
const dayPlus = (day: string, days: number) => isoDay(new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS));

/**
 * Whether `invoice` is due for its next reminder on `today`, and with which level: the first level `period_days`
 * after the due date, each next one its own `period_days` after the previous reminder (spec section 3).
 */
export function nextReminder(
  invoice: Pick<repo.InvoiceRow, 'dunningLevel' | 'dueDate' | 'lastReminderAt'>,
  levels: readonly Pick<ReminderLevelRow, 'periodDays'>[],
  today: string,
): number | null {
  const level = levels[invoice.dunningLevel];
  if (!level || !invoice.dueDate) return null;
  const from = invoice.dunningLevel === 0 || !invoice.lastReminderAt ? invoice.dueDate : isoDay(invoice.lastReminderAt);
  return dayPlus(from, level.periodDays) <= today ? invoice.dunningLevel : null;
}

/** The mail event of a reminder step: a template per level for the first three, the third's after that. */
const REMINDER_EVENTS = ['invoice.reminder-1', 'invoice.reminder-2', 'invoice.reminder-3'] as const;
const reminderEvent = (step: number) => REMINDER_EVENTS[Math.min(step, REMINDER_EVENTS.length) - 1]!;

async function remind(
  deps: Deps,
  tx: DbOrTx,
  invoice: repo.InvoiceRow,
  level: ReminderLevelRow,
  step: number,
  now: Date,
) {
  const to = await findInvoiceMailAddress(tx, invoice.companyId);
  const language = 'en';
  if (to) {
    await sendMail(deps, tx, {
      event: reminderEvent(step),
      to,
      language,
      companyId: invoice.companyId,
      variables: {
        invoice_number: invoice.number ?? '',
        level_name: level.levelName,
        open_amount: formatMoney(invoice.totalCents, invoice.currency, language),
        reminder_fee: formatMoney(level.reminderFeeCents, invoice.currency, language),
        start_text: level.startText ?? '',
        end_text: level.endText ?? '',
      },
    });
  }
  await repo.insertReminder(tx, {
    invoiceId: invoice.id,
    step,
    levelName: level.levelName,
    feeCents: level.reminderFeeCents,
    mailedTo: to,
    sentAt: now,
  });
  await repo.updateInvoice(tx, invoice.id, { dunningLevel: step, lastReminderAt: now });
}

export type DunningRun = {
  now?: Date;
  /** Only these companies' invoices (all by default). */
  companyIds?: readonly string[];
  /** The levels to walk (the configured ones by default). */
  levels?: readonly ReminderLevelRow[];
};

/**
 * One dunning run (issue 16): every issued, unpaid, overdue invoice whose next level is due gets its reminder
 * (the mail with the level's texts and fee, and the step recorded on the invoice), each in its own transaction.
 * An invoice reaches at most one level per run; paid, cancelled and paused invoices are left alone. Answers how
 * many reminders it sent.
 */
export async function runDunning(deps: Deps, run: DunningRun = {}): Promise<number> {
  const now = run.now ?? new Date();
  const today = isoDay(now);
  const levels = run.levels ?? (await allReminderLevels(deps.db));
  if (!levels.length) return 0;
  let sent = 0;
  let afterId: string | undefined;
  for (;;) {
    const batch = await repo.dunningCandidates(deps.db, today, BATCH, { afterId, companyIds: run.companyIds });
    for (const candidate of batch) {
      if (nextReminder(candidate, levels, today) === null) continue;
      const reminded = await deps.db.transaction(async (tx) => {
        // Checked again under the row lock: paid, paused or reminded by another run in between.
        const invoice = await repo.lockForDunning(tx, candidate.id);
        if (invoice?.status !== 'open' || invoice.dunningPaused) return false;
        const index = nextReminder(invoice, levels, today);
        if (index === null) return false;
        await remind(deps, tx, invoice, levels[index]!, index + 1, now);
        return true;
      });
      if (reminded) sent += 1;
    }
    if (batch.length < BATCH) return sent;
    afterId = batch.at(-1)!.id;
  }
}

/** Daily at 05:23 UTC: the dunning run. */
export const dunningJob = defineJob({
  name: 'invoices.dunning',
  payload: z.object({}),
  schedule: { cron: '23 5 * * *' },
  handler: async (_payload, deps) => {
    await runDunning(deps);
  },
});
