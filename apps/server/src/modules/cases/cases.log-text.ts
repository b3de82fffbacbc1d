import type { CaseLogText } from '@cuspid/contracts/cases';

const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/**
 * A case log line in English, the `message` API clients read (ADR 0123). The web renders the code and
 * parameters from its locales instead.
 */
export function caseLogMessage(text: CaseLogText): string {
  switch (text.code) {
    case 'submitted':
      return `Submitted: ${count(text.params.credits, 'credit', 'credits')} for ${count(text.params.teeth, 'tooth', 'teeth')}`;
    case 'status':
      return `Status: ${text.params.from} → ${text.params.to}`;
    case 'processing-started':
      return `Processing started (${text.params.engine} engine)`;
    case 'processing-resumed':
      return `Processing resumed (attempt ${text.params.attempt})`;
    case 'sent-to-engine':
      return 'Sent to the external engine';
    case 'attempt-failed':
      return `Attempt ${text.params.attempt} failed: ${text.params.reason}; trying again`;
    case 'processing-failed':
      return `Processing failed: ${text.params.reason}`;
    case 'processing-failed-after':
      return `Processing failed after ${count(text.params.attempts, 'attempt', 'attempts')}: ${text.params.reason}`;
    case 'engine-timeout':
      return `Processing failed: The engine did not finish within ${count(text.params.minutes, 'minute', 'minutes')}`;
    case 'processing-ended':
      return `Processing ended: ${text.params.status}: ${text.params.reason}`;
    case 'result-saved':
      return `Result ${text.params.version} saved (${count(text.params.files, 'file', 'files')})`;
    case 'processing-done':
      return 'Processing done';
    case 'results-ready':
      return 'Results ready for review';
    case 'credits-refunded':
      return `Credits refunded: ${text.params.credits}`;
    case 'requeued':
      return `Queued again (${text.params.pricing === 'recalculation' ? 'recalculation' : 'full price'}): ${count(text.params.credits, 'credit', 'credits')}`;
    case 'edited':
      return `Edited: ${text.params.fields.join(', ')}`;
    case 'approval-mail-sent':
      return `Approval mail sent to ${text.params.mail ?? 'the creator'}`;
    case 'locked':
      return 'Locked';
    case 'unlocked':
      return 'Unlocked';
    case 'jaw-deleted':
      return `Deleted the ${text.params.jaw} jaw scan`;
    case 'jaw-restored':
      return `Restored the ${text.params.jaw} jaw scan`;
    case 'jaw-turned':
      return `Turned the ${text.params.jaw} jaw scan (orientation ${text.params.orientation})`;
    case 'rated':
      return `Rated result ${text.params.version}: ${text.params.stars} of 5`;
    case 'result-status':
      return `Result ${text.params.version}: ${text.params.from} → ${text.params.to}`;
    case 'engine-result-saved':
      return `Result ${text.params.version} saved by the engine (${count(text.params.files, 'file', 'files')}, ${text.params.status})`;
    case 'engine-files-added':
      return `Result ${text.params.version}: ${count(text.params.files, 'file', 'files')} added by the engine`;
    case 'labels': {
      const { flag, flag_removed, added, removed } = text.params;
      const parts: string[] = [];
      if (flag) parts.push(`Flag: ${flag}`);
      else if (flag_removed) parts.push(`Flag removed: ${flag_removed}`);
      if (added.length) parts.push(`tags added: ${added.join(', ')}`);
      if (removed.length) parts.push(`tags removed: ${removed.join(', ')}`);
      const line = parts.join('; ');
      return line.charAt(0).toUpperCase() + line.slice(1);
    }
  }
}
