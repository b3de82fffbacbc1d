import { describe, expect, it } from 'vitest';
import { featureSources } from '../testing/page-sources';

// The shared pieces of ADR 0134, read from the features' sources as text: a form ends with FormActions, zod issues
// become form errors in lib/form-validation only, money turns from cents in lib/money only, and a bulk call's
// result shows in the one BulkResultDialog.

const SOURCES = featureSources();

/** The files whose text matches `pattern`. */
const matching = (pattern: RegExp) => SOURCES.filter(({ text }) => pattern.test(text)).map(({ file }) => file);

/** A Cancel button that navigates: the first half of a form footer written by hand. */
const OWN_FORM_FOOTER = /<Button variant="default" onClick=\{\(\) => void navigate\(/;
/** Reading a zod result's issues: the mapping from issues to form errors written again. */
const OWN_ISSUE_MAPPING = /\.error\.issues\b/;
/** Cents divided or multiplied by hand: money's conversion written again. */
const OWN_CENTS = /(cents|amount|price|fee|total|net)\w*\)? \/ 100\b|Math\.round\(\w*(amount|price|cents)\w* \* 100\)/i;
/** A dialog of its own taking a bulk call's per-record results. */
const OWN_BULK_RESULT = /results: BulkItemResult\[\] \| null;/;

describe('the shared pieces (ADR 0134)', () => {
  it('finds the features’ sources', () => {
    expect(SOURCES.length).toBeGreaterThan(300);
  });

  it('recognizes each hand-written piece', () => {
    expect(OWN_FORM_FOOTER.test('<Button variant="default" onClick={() => void navigate(-1)}>')).toBe(true);
    expect(OWN_ISSUE_MAPPING.test('for (const issue of result.error.issues) {')).toBe(true);
    expect(OWN_CENTS.test('format.currency(row.discount_cents / 100, { currency })')).toBe(true);
    expect(OWN_CENTS.test('return Math.round(amount * 100);')).toBe(true);
    // biome-ignore lint/suspicious/noTemplateCurlyInString: the source text of a page's template literal
    expect(OWN_CENTS.test('label={(value) => `${Math.round(value * 100)} %`}')).toBe(false);
    expect(OWN_BULK_RESULT.test('results: BulkItemResult[] | null;')).toBe(true);
  });

  it('ends every form with FormActions, not a Cancel and Save of its own', () => {
    expect(matching(OWN_FORM_FOOTER)).toEqual([]);
  });

  it('maps zod issues to form errors in lib/form-validation only (schemaErrors)', () => {
    expect(matching(OWN_ISSUE_MAPPING)).toEqual([]);
  });

  it('turns cents into amounts and back in lib/money only', () => {
    expect(matching(OWN_CENTS)).toEqual([]);
  });

  it('shows a bulk call’s result in the one BulkResultDialog', () => {
    expect(matching(OWN_BULK_RESULT)).toEqual([]);
  });
});
