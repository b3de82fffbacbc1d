import { describe, expect, it } from 'vitest';
import { pageSources } from '../testing/page-sources';

// The header pattern of ADR 0127, read from the page sources as text: every page's top is the shared PageHeader (or
// the sign-in card), a record page links back to its list through it, and a record's Delete is the header's
// DeleteAction, not a red button of its own at the bottom of a form.

/**
 * Pages that stand outside the portal's frame and so have no PageHeader, with why. A page added here needs a reason
 * as good as these.
 */
const OWN_HEADING: Record<string, string> = {
  // The 404 page is shown whether or not anyone is signed in, centred on an empty screen without the app shell;
  // its way out is a button home, not a back link to a list.
  'content/pages/not-found.tsx': 'a full-screen error page outside the app shell',
};

/** Pages framed by the sign-in card (AuthCard renders their h1): sign-in, registration, account links. */
const usesAuthCard = (text: string) => text.includes('<AuthCard');

/** The name of the function a position of the source lies in (the last one declared before it). */
function enclosingFunction(text: string, index: number): string {
  const names = [...text.slice(0, index).matchAll(/^(?:export )?function (\w+)/gm)];
  return names.at(-1)?.[1] ?? '';
}

/** A record page: a record's show, edit or create page (its file, or the page function in a file with its list). */
const isRecordPage = (file: string, fn: string) =>
  /-(show|edit|form|create)\.tsx$/.test(file) || /(Create|Edit|Show)Page$/.test(fn);

const PAGES = pageSources();

describe('the page header pattern (ADR 0127)', () => {
  it('finds the pages', () => {
    expect(PAGES.length).toBeGreaterThan(50);
  });

  it('lets no page render its own h1: the title is PageHeader’s (or the sign-in card’s)', () => {
    const offenders = PAGES.filter(({ file, text }) => /<Title\s+order=\{1\}/.test(text) && !(file in OWN_HEADING)).map(
      ({ file }) => file,
    );
    expect(offenders).toEqual([]);
  });

  it('gives every page a header: PageHeader, the sign-in card, or a reasoned exception', () => {
    const without = PAGES.filter(
      ({ file, text }) => !text.includes('<PageHeader') && !usesAuthCard(text) && !(file in OWN_HEADING),
    ).map(({ file }) => file);
    expect(without).toEqual([]);
  });

  it('keeps the allow-list honest: every exception exists and still needs to be one', () => {
    for (const file of Object.keys(OWN_HEADING)) {
      const page = PAGES.find((candidate) => candidate.file === file);
      expect(page, file).toBeDefined();
      expect(page?.text, file).not.toContain('<PageHeader');
    }
  });

  it('gives every record page’s header the back link to its list', () => {
    const missing = PAGES.flatMap(({ file, text }) =>
      [...text.matchAll(/<PageHeader\b([\s\S]*?)\/>/g)]
        .filter((match) => isRecordPage(file, enclosingFunction(text, match.index)))
        .filter((match) => !/\bback=\{/.test(match[1] ?? ''))
        .map((match) => `${file} (${enclosingFunction(text, match.index)})`),
    );
    expect(missing).toEqual([]);
  });

  it('builds no back link of its own beside the header', () => {
    const own = PAGES.filter(({ text }) => /<Anchor\b[^>]*>\s*<Group[^>]*>\s*<IconArrowLeft/.test(text)).map(
      ({ file }) => file,
    );
    expect(own).toEqual([]);
  });

  it('puts a list’s create button in the header, not in the list’s toolbar', () => {
    const inToolbar = PAGES.filter(({ text }) => /\btoolbar=\{(?:(?!\n {0,10}\w+=)[\s\S])*IconPlus/.test(text)).map(
      ({ file }) => file,
    );
    expect(inToolbar).toEqual([]);
  });

  it('puts a record’s Delete in the header as DeleteAction, not as a button of its own', () => {
    const buttons = PAGES.flatMap(({ file, text }) =>
      [...text.matchAll(/<Button\b((?:(?!<\/Button>)[\s\S])*?)<\/Button>/g)]
        .filter((match) => /\{t\('[\w.:]*[dD]elete'\)\}\s*$/.test(match[1] ?? ''))
        .map(() => file),
    );
    expect(buttons).toEqual([]);
  });

  it('links a record’s Edit from the header as EditAction, not as a link button of its own', () => {
    const buttons = PAGES.flatMap(({ file, text }) =>
      [...text.matchAll(/<Button\b((?:(?!<\/Button>)[\s\S])*?)<\/Button>/g)]
        .filter((match) => /to=\{\w+Paths\.\w+Edit\(/.test(match[1] ?? ''))
        .map(() => file),
    );
    expect(buttons).toEqual([]);
  });
});
