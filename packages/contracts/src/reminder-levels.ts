import { z } from 'zod';
import { backendListQuerySchema } from './common';
import { defineErrors } from './errors';
import { MAX_PRICE_CENTS } from './packages';
import { backofficePermission, type PermissionTitle, type TitlesOf } from './permissions';
import { optionalTextSchema, textSchema, VALIDATION_MESSAGES } from './validation';

/**
 * Reminder levels (spec section 3: levelName, periodDays, reminderFee, startText, endText): the steps of dunning.
 * An overdue unpaid invoice reaches level 1 `period_days` after its due date, and each next level `period_days`
 * (that level's) after the previous reminder; each reminder mail carries the level's texts and fee.
 */
export const REMINDER_LEVEL_PERMISSION = 'backoffice-invoice-reminder-level' as const satisfies PermissionTitle;

export const REMINDER_LEVEL_ROUTES = {
  levels: '/invoice-reminder-level',
  level: (id: string) => `/invoice-reminder-level/${id}`,
} as const;

/** A typo guard: dunning has a handful of levels. */
export const MAX_REMINDER_LEVEL = 1000;
export const MAX_REMINDER_PERIOD_DAYS = 365;
export const REMINDER_TEXT_MAX = 5000;

export const REMINDER_LEVEL_MESSAGES = {
  level: `Enter a level from 1 to ${MAX_REMINDER_LEVEL}`,
  periodDays: `Enter a number of days from 1 to ${MAX_REMINDER_PERIOD_DAYS}`,
  fee: 'The fee cannot be negative',
} as const;

const levelSchema = z
  .number({ error: VALIDATION_MESSAGES.required })
  .int(REMINDER_LEVEL_MESSAGES.level)
  .min(1, REMINDER_LEVEL_MESSAGES.level)
  .max(MAX_REMINDER_LEVEL, REMINDER_LEVEL_MESSAGES.level);
const periodDaysSchema = z
  .number({ error: VALIDATION_MESSAGES.required })
  .int(REMINDER_LEVEL_MESSAGES.periodDays)
  .min(1, REMINDER_LEVEL_MESSAGES.periodDays)
  .max(MAX_REMINDER_PERIOD_DAYS, REMINDER_LEVEL_MESSAGES.periodDays);
const feeSchema = z
  .number({ error: VALIDATION_MESSAGES.required })
  .int(REMINDER_LEVEL_MESSAGES.fee)
  .min(0, REMINDER_LEVEL_MESSAGES.fee)
  .max(MAX_PRICE_CENTS);

/** POST /invoice-reminder-level. Without `level`, the new level comes after the last one. */
export const reminderLevelInputSchema = z.object({
  level: levelSchema.optional(),
  level_name: textSchema(120, { required: true }),
  period_days: periodDaysSchema,
  /** Cents added to what the reminder asks for. */
  reminder_fee: feeSchema.default(0),
  start_text: optionalTextSchema(REMINDER_TEXT_MAX),
  end_text: optionalTextSchema(REMINDER_TEXT_MAX),
});
export type ReminderLevelInput = z.output<typeof reminderLevelInputSchema>;

/** PUT /invoice-reminder-level/{id}: only the fields named. */
export const reminderLevelUpdateSchema = z.object({
  level: levelSchema.optional(),
  level_name: textSchema(120, { required: true }).optional(),
  period_days: periodDaysSchema.optional(),
  reminder_fee: feeSchema.optional(),
  start_text: optionalTextSchema(REMINDER_TEXT_MAX).optional(),
  end_text: optionalTextSchema(REMINDER_TEXT_MAX).optional(),
});
export type ReminderLevelUpdate = z.output<typeof reminderLevelUpdateSchema>;

export const reminderLevelSchema = z.object({
  id: z.uuid(),
  level: z.number().int(),
  level_name: z.string(),
  period_days: z.number().int(),
  reminder_fee: z.number().int(),
  start_text: z.string().nullable(),
  end_text: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type ReminderLevel = z.infer<typeof reminderLevelSchema>;

/** The levels in their order (by level), searched by name. */
export const reminderLevelListQuerySchema = backendListQuerySchema.extend({
  sort_by: z.enum(['level', 'level_name', 'period_days', 'reminder_fee']).default('level'),
});
export type ReminderLevelListQuery = z.infer<typeof reminderLevelListQuerySchema>;

/** The reminder levels' refusals (ADR 0105). */
export const REMINDER_LEVEL_ERRORS = defineErrors({
  REMINDER_LEVEL_TAKEN: { status: 409, message: 'Level {{level}} exists already' },
});

declare module './errors' {
  interface AreaErrors {
    'reminder-levels': typeof REMINDER_LEVEL_ERRORS;
  }
}

/** The reminder levels area: its entries of the permission catalogue. */
export const REMINDER_LEVEL_PERMISSION_CATALOGUE = [backofficePermission('invoice-reminder-level', 'billing')] as const;

declare module './permissions' {
  interface PermissionTitles extends TitlesOf<typeof REMINDER_LEVEL_PERMISSION_CATALOGUE> {}
}
