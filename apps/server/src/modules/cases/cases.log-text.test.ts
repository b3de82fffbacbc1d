import { describe, expect, it } from 'vitest';
import { caseLogMessage } from './cases.log-text';

describe('case log lines in English', () => {
  it('counts with the plural rule: one credit for one tooth, many credits for many teeth', () => {
    expect(caseLogMessage({ code: 'submitted', params: { credits: 1, teeth: 1 } })).toBe(
      'Submitted: 1 credit for 1 tooth',
    );
    expect(caseLogMessage({ code: 'submitted', params: { credits: 3, teeth: 2 } })).toBe(
      'Submitted: 3 credits for 2 teeth',
    );
    expect(caseLogMessage({ code: 'result-saved', params: { version: 2, files: 1 } })).toBe('Result 2 saved (1 file)');
    expect(caseLogMessage({ code: 'requeued', params: { pricing: 'full', credits: 1 } })).toBe(
      'Queued again (full price): 1 credit',
    );
  });

  it('writes a label change as the names it had', () => {
    expect(
      caseLogMessage({
        code: 'labels',
        params: { flag: null, flag_removed: 'Urgent', added: [], removed: ['Implant', 'Rush'] },
      }),
    ).toBe('Flag removed: Urgent; tags removed: Implant, Rush');
    expect(
      caseLogMessage({ code: 'labels', params: { flag: null, flag_removed: null, added: ['Implant'], removed: [] } }),
    ).toBe('Tags added: Implant');
  });
});
