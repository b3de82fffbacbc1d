import { CASE_LOG_CODES, type CaseLog } from '@cuspid/contracts/cases';
import { screen } from '@testing-library/react';
import { Suspense } from 'react';
import { describe, expect, it } from 'vitest';
import { setLanguage } from '../../../lib/i18n';
import { jsonResponse, mockServer } from '../../../testing/fixtures';
import { renderWithProviders } from '../../../testing/render-app';
import de from '../locales/de.json';
import en from '../locales/en.json';
import fr from '../locales/fr.json';
import { signInWith } from '../test-fixtures';
import { CaseLogs } from './case-logs';

const CASE_ID = '5b7c3f0e-2a41-4d0b-9a6e-0c1d2e3f4a5b';

const line = (id: number, fields: Partial<CaseLog>): CaseLog => ({
  id: String(id),
  kind: 'status',
  from_status: null,
  to_status: null,
  message: '',
  code: null,
  params: null,
  details: null,
  actor_id: null,
  actor_name: null,
  created_at: `2026-11-28T10:0${id}:00.000Z`,
  ...fields,
});

/** A submit, the processing and a review, as the server writes them (oldest first). */
const WALK: CaseLog[] = [
  line(1, {
    kind: 'created',
    to_status: 'queued',
    message: 'Submitted: 3 credits for 3 teeth',
    code: 'submitted',
    params: { credits: 3, teeth: 3 },
  }),
  line(2, {
    from_status: 'queued',
    to_status: 'in-progress',
    message: 'Processing started (reference engine)',
    code: 'processing-started',
    params: { engine: 'reference' },
  }),
  line(3, {
    kind: 'result',
    message: 'Result 1 saved (1 file)',
    code: 'result-saved',
    params: { version: 1, files: 1 },
  }),
  line(4, {
    from_status: 'done',
    to_status: 'in-approval',
    message: 'Results ready for review',
    code: 'results-ready',
    params: {},
  }),
  line(5, {
    from_status: 'in-approval',
    to_status: 'approved',
    message: 'Status: in-approval → approved',
    code: 'status',
    params: { from: 'in-approval', to: 'approved' },
    actor_name: 'Anna Weiss',
  }),
  line(6, { kind: 'lock', message: 'Locked by hand (an old line)' }),
];

async function renderLogs(logs: CaseLog[]) {
  signInWith(['backoffice-case-instance'], ['end-user']);
  mockServer({ [`/api/case-logs/${CASE_ID}`]: () => jsonResponse({ data: logs, total: logs.length }) });
  renderWithProviders(
    <Suspense fallback={null}>
      <CaseLogs caseId={CASE_ID} />
    </Suspense>,
  );
  return (await screen.findAllByTestId('case-log')).map((item) => item.textContent ?? '');
}

describe('CaseLogs', () => {
  it('renders the history in German from the codes, with German plurals; an old line keeps its message', async () => {
    await setLanguage('de', { remember: false });
    const items = await renderLogs(WALK);
    expect(items).toHaveLength(6);
    // Newest first.
    expect(items[0]).toContain('Locked by hand (an old line)');
    expect(items[1]).toContain('In Freigabe → Freigegeben');
    expect(items[2]).toContain('Ergebnisse bereit zur Prüfung');
    expect(items[3]).toContain('Ergebnis 1 gespeichert (1 Datei)');
    expect(items[4]).toContain('Verarbeitung gestartet (Referenz-Engine)');
    expect(items[5]).toContain('Eingereicht: 3 Credits für 3 Zähne');
    const page = items.slice(1).join('\n');
    for (const english of ['Submitted', 'Processing started', 'credits for', 'Status:', 'Results ready for review']) {
      expect(page).not.toContain(english);
    }
  });

  it('counts one credit for one tooth in English', async () => {
    const items = await renderLogs([
      line(1, { kind: 'created', message: 'x', code: 'submitted', params: { credits: 1, teeth: 1 } }),
    ]);
    expect(items[0]).toContain('Submitted: 1 credit for 1 tooth');
  });

  it.each([
    ['en', en],
    ['de', de],
    ['fr', fr],
  ])('has a %s text for every code the server writes', (_language, dictionary) => {
    const codes = dictionary.logs.code as Record<string, string>;
    expect(CASE_LOG_CODES.filter((code) => !codes[code]?.trim())).toEqual([]);
    const counts = dictionary.logs.n as Record<string, string>;
    for (const unit of ['credit', 'tooth', 'file', 'attempt', 'minute']) {
      expect(counts[`${unit}_one`], unit).toBeTruthy();
      expect(counts[`${unit}_other`], unit).toBeTruthy();
    }
  });
});
