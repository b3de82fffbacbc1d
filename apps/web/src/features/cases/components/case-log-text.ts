import type { CaseLog } from '@cuspid/contracts/cases';
import type { TFunction } from 'i18next';

const FIELD_KEYS: Record<string, string> = { patientBirthYear: 'birthYear' };

/**
 * A case log line in the reader's language, from its code and parameters (ADR 0123); null when the line
 * says nothing the status move above it does not. A line written before codes, or with a code this web
 * does not know, shows its stored message. Free text in a parameter (a reason, a name) stays as written.
 */
export function caseLogText(entry: CaseLog, t: TFunction<'cases'>): string | null {
  const params = entry.params ?? {};
  const text = (key: string) => (typeof params[key] === 'string' ? (params[key] as string) : '');
  const number = (key: string) => (typeof params[key] === 'number' ? (params[key] as number) : 0);
  const names = (key: string) => (Array.isArray(params[key]) ? (params[key] as unknown[]).map(String) : []);
  const counted = (unit: 'credit' | 'tooth' | 'file' | 'attempt' | 'minute', key: string) =>
    t(`cases:logs.n.${unit}`, { count: number(key) });
  const translated = (prefix: string, key: string) => t(`cases:${prefix}.${text(key)}`, { defaultValue: text(key) });
  switch (entry.code) {
    case null:
      return entry.message;
    case 'status':
      return entry.from_status && entry.to_status ? null : entry.message;
    case 'submitted':
      return t('cases:logs.code.submitted', {
        credits: counted('credit', 'credits'),
        teeth: counted('tooth', 'teeth'),
      });
    case 'processing-started':
      return t('cases:logs.code.processing-started', { engine: translated('engine', 'engine') });
    case 'processing-resumed':
    case 'attempt-failed':
    case 'processing-failed':
    case 'rated':
      return t(`cases:logs.code.${entry.code}`, {
        attempt: number('attempt'),
        reason: text('reason'),
        version: number('version'),
        stars: number('stars'),
      });
    case 'processing-failed-after':
      return t('cases:logs.code.processing-failed-after', {
        attempts: counted('attempt', 'attempts'),
        reason: text('reason'),
      });
    case 'engine-timeout':
      return t('cases:logs.code.engine-timeout', { minutes: counted('minute', 'minutes') });
    case 'processing-ended':
      return t('cases:logs.code.processing-ended', { status: translated('status', 'status'), reason: text('reason') });
    case 'result-saved':
    case 'engine-files-added':
      return t(`cases:logs.code.${entry.code}`, { version: number('version'), files: counted('file', 'files') });
    case 'engine-result-saved':
      return t('cases:logs.code.engine-result-saved', {
        version: number('version'),
        files: counted('file', 'files'),
        status: translated('resultStatus', 'status'),
      });
    case 'result-status':
      return t('cases:logs.code.result-status', {
        version: number('version'),
        from: translated('resultStatus', 'from'),
        to: translated('resultStatus', 'to'),
      });
    case 'credits-refunded':
      return t('cases:logs.code.credits-refunded', { credits: counted('credit', 'credits') });
    case 'requeued':
      return t('cases:logs.code.requeued', {
        pricing: t(
          text('pricing') === 'recalculation' ? 'cases:logs.pricing.recalculation' : 'cases:logs.pricing.full',
        ),
        credits: counted('credit', 'credits'),
      });
    case 'edited':
      return t('cases:logs.code.edited', {
        fields: names('fields')
          .map((field) => t(`cases:fields.${FIELD_KEYS[field] ?? field}`, { defaultValue: field }))
          .join(', '),
      });
    case 'approval-mail-sent':
      return t('cases:logs.code.approval-mail-sent', { mail: text('mail') || t('cases:logs.theCreator') });
    case 'jaw-deleted':
    case 'jaw-restored':
      return t(`cases:logs.code.${entry.code}`, { jaw: translated('jaws', 'jaw') });
    case 'jaw-turned':
      return t(number('orientation') === 0 ? 'cases:logs.code.jaw-turned-back' : 'cases:logs.code.jaw-turned', {
        jaw: translated('jaws', 'jaw'),
      });
    case 'labels': {
      const parts = [
        text('flag') && t('cases:logs.labels.flag', { name: text('flag') }),
        !text('flag') && text('flag_removed') && t('cases:logs.labels.flagRemoved', { name: text('flag_removed') }),
        names('added').length > 0 && t('cases:logs.labels.tagsAdded', { names: names('added').join(', ') }),
        names('removed').length > 0 && t('cases:logs.labels.tagsRemoved', { names: names('removed').join(', ') }),
      ].filter((part): part is string => Boolean(part));
      return t('cases:logs.code.labels', { changes: parts.join('; ') });
    }
    case 'sent-to-engine':
    case 'processing-done':
    case 'results-ready':
    case 'locked':
    case 'unlocked':
      return t(`cases:logs.code.${entry.code}`);
    default:
      return entry.message;
  }
}
