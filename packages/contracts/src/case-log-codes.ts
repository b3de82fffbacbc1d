import type { CaseStatus, ResultStatus } from './case-status';

/**
 * What a case log line says, as a code with parameters (ADR 0123): the server stores both with the English
 * `message` (kept for API clients), and the web renders the code in the reader's language. Free text in a
 * parameter (an engine's reason, a note, a flag's name) stays as it was written.
 */
export type CaseLogParamsByCode = {
  submitted: { credits: number; teeth: number };
  status: { from: CaseStatus; to: CaseStatus };
  'processing-started': { engine: string };
  'processing-resumed': { attempt: number };
  'sent-to-engine': Record<string, never>;
  'attempt-failed': { attempt: number; reason: string };
  'processing-failed': { reason: string };
  'processing-failed-after': { attempts: number; reason: string };
  'engine-timeout': { minutes: number };
  'processing-ended': { status: CaseStatus; reason: string };
  'result-saved': { version: number; files: number };
  'processing-done': Record<string, never>;
  'results-ready': Record<string, never>;
  'credits-refunded': { credits: number };
  requeued: { pricing: 'recalculation' | 'full'; credits: number };
  edited: { fields: string[] };
  'approval-mail-sent': { mail: string | null };
  locked: Record<string, never>;
  unlocked: Record<string, never>;
  'jaw-deleted': { jaw: 'upper' | 'lower' };
  'jaw-restored': { jaw: 'upper' | 'lower' };
  /** The user turned a scan's anatomical frame (ADR 0117): one of the 24 quarter turns, 0 = as detected. */
  'jaw-turned': { jaw: 'upper' | 'lower'; orientation: number };
  rated: { version: number; stars: number };
  'result-status': { version: number; from: ResultStatus; to: ResultStatus };
  'engine-result-saved': { version: number; files: number; status: ResultStatus };
  'engine-files-added': { version: number; files: number };
  labels: { flag: string | null; flag_removed: string | null; added: string[]; removed: string[] };
};

export type CaseLogCode = keyof CaseLogParamsByCode;

/** Every code the server writes; the web has a translation for each in en, de and fr (a test checks it). */
export const CASE_LOG_CODES = [
  'submitted',
  'status',
  'processing-started',
  'processing-resumed',
  'sent-to-engine',
  'attempt-failed',
  'processing-failed',
  'processing-failed-after',
  'engine-timeout',
  'processing-ended',
  'result-saved',
  'processing-done',
  'results-ready',
  'credits-refunded',
  'requeued',
  'edited',
  'approval-mail-sent',
  'locked',
  'unlocked',
  'jaw-deleted',
  'jaw-restored',
  'jaw-turned',
  'rated',
  'result-status',
  'engine-result-saved',
  'engine-files-added',
  'labels',
] as const satisfies readonly CaseLogCode[];

// Every key of CaseLogParamsByCode is listed above (a compile error here names the one missing).
type Missing = Exclude<CaseLogCode, (typeof CASE_LOG_CODES)[number]>;
const allListed: Missing extends never ? true : Missing = true;
void allListed;

/** One log line's code with its parameters, typed by the code. */
export type CaseLogText = { [C in CaseLogCode]: { code: C; params: CaseLogParamsByCode[C] } }[CaseLogCode];
