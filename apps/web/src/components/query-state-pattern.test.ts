import { describe, expect, it } from 'vitest';
import { pageSources } from '../testing/page-sources';

// The load pattern of ADR 0134, read from the page sources as text: a page shows its loading, failed and empty
// states through QueryState, not through a `query.isError ? <Alert …>` of its own.

/**
 * Queries whose failure a page reads itself because it is no load state, with why. An entry here needs a reason as
 * good as these.
 */
const OWN_FAILURE: Record<string, Record<string, string>> = {
  'account-links/pages/account-link.tsx': {
    link: 'the link check answers why a link is unusable (expired, used); the card names the problem, not the error',
  },
  'payments/pages/buy-credits.tsx': {
    quote: 'a refused price quote is the coupon field’s error while a coupon is typed',
  },
};

/** The queries whose `isError` a page's source reads, once each. */
const failuresRead = (text: string): string[] => [
  ...new Set([...text.matchAll(/(\w+)\.isError\b/g)].map((match) => match[1] ?? '')),
];

const PAGES = pageSources();

describe('the load pattern (ADR 0134)', () => {
  it('finds the pages', () => {
    expect(PAGES.length).toBeGreaterThan(50);
  });

  it('recognizes a hand-written error state', () => {
    expect(failuresRead('{units.isError ? <Text c="red">{errorMessage(units.error)}</Text> : null}')).toEqual([
      'units',
    ]);
  });

  it('lets no page write its own error state: QueryState shows a failed load', () => {
    const offenders = PAGES.flatMap(({ file, text }) =>
      failuresRead(text)
        .filter((query) => !(query && OWN_FAILURE[file]?.[query]))
        .map((query) => `${file} (${query})`),
    );
    expect(offenders).toEqual([]);
  });

  it('lets no page build the not-found page itself', () => {
    const offenders = PAGES.filter(({ text }) => /\b(RecordNotFound|isNotFound)\b/.test(text)).map(({ file }) => file);
    expect(offenders).toEqual([]);
  });

  it('keeps the allow-list honest: every exception is still read', () => {
    for (const [file, queries] of Object.entries(OWN_FAILURE)) {
      const page = PAGES.find((candidate) => candidate.file === file);
      expect(page, file).toBeDefined();
      expect(failuresRead(page?.text ?? ''), file).toEqual(expect.arrayContaining(Object.keys(queries)));
    }
  });
});
