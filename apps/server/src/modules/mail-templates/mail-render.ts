import type { MailRendered, MailTemplateContent } from '@cuspid/contracts/mail';
import { convert } from 'html-to-text';
import { Liquid } from 'liquidjs';
import sanitizeHtml from 'sanitize-html';

/**
 * Template bodies are written by users, so they are rendered with LiquidJS in its safe setup
 * (measured in DEPENDENCIES.md): no file system (`templates: {}` makes include/render/layout look
 * only into an empty in-memory map), only own properties of the variables (no `constructor`,
 * no prototype chain), unknown filters are errors, every output is HTML-escaped, and parse,
 * render time and memory are limited. Nothing in a template is ever evaluated as code.
 */
const engine = new Liquid({
  ownPropertyOnly: true,
  templates: {},
  strictFilters: true,
  outputEscape: 'escape',
  parseLimit: 1e5,
  renderLimit: 200,
  memoryLimit: 1e7,
});

const FORBIDDEN_KEYS = new Set(['__proto__', 'constructor', 'prototype']);

/** Copies plain values only; keys that name the prototype machinery are dropped. */
export function toTemplateScope(variables: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(variables).filter(
      ([key, value]) =>
        !FORBIDDEN_KEYS.has(key) && (value === null || ['string', 'number', 'boolean'].includes(typeof value)),
    ),
  );
}

const SANITIZE_OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [...sanitizeHtml.defaults.allowedTags, 'img', 'center', 'font'],
  allowedAttributes: {
    a: ['href', 'name', 'target', 'title'],
    img: ['src', 'alt', 'title', 'width', 'height'],
    td: ['align', 'valign', 'width', 'colspan', 'rowspan'],
    th: ['align', 'valign', 'width', 'colspan', 'rowspan'],
    table: ['width', 'cellpadding', 'cellspacing', 'border', 'align'],
    p: ['align'],
    div: ['align'],
    font: ['color', 'size'],
  },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: ['https', 'data'] },
  allowProtocolRelative: false,
};

/** Removes scripts, event handlers, styles and foreign schemes: what a mail body may contain. */
export const sanitizeMailHtml = (html: string) => sanitizeHtml(html, SANITIZE_OPTIONS);

export const htmlToText = (html: string) =>
  convert(html, { wordwrap: 100, selectors: [{ selector: 'img', format: 'skip' }] }).trim();

export class MailTemplateError extends Error {
  override name = 'MailTemplateError';
  constructor(
    readonly part: 'subject' | 'body',
    message: string,
  ) {
    super(message);
  }
}

async function renderPart(part: 'subject' | 'body', source: string, scope: Record<string, unknown>) {
  try {
    return await engine.parseAndRender(source, scope);
  } catch (error) {
    throw new MailTemplateError(part, (error as Error).message.split('\n')[0] ?? 'The template cannot be rendered');
  }
}

/** Checks that a subject and body parse; the message names the first problem. */
export function checkTemplateSyntax(content: MailTemplateContent): { subject?: string; body?: string } {
  const problems: { subject?: string; body?: string } = {};
  for (const part of ['subject', 'body'] as const) {
    try {
      engine.parse(content[part]);
    } catch (error) {
      problems[part] = (error as Error).message.split('\n')[0] ?? 'The template cannot be read';
    }
  }
  return problems;
}

/** Renders one language version: an HTML part (sanitised) and its plain-text part, and a plain subject. */
export async function renderMail(
  content: MailTemplateContent,
  variables: Record<string, unknown>,
): Promise<MailRendered> {
  const scope = toTemplateScope(variables);
  const [subjectHtml, bodyHtml] = await Promise.all([
    renderPart('subject', content.subject, scope),
    renderPart('body', content.body, scope),
  ]);
  const html = sanitizeMailHtml(bodyHtml);
  const subject = htmlToText(subjectHtml).replace(/\s+/g, ' ').slice(0, 300);
  return { subject, html, text: htmlToText(html) };
}

/** The language version to use: the asked one, else English. */
export function pickContent<T>(contents: Record<string, T>, language: string): { language: string; content: T } {
  const asked = contents[language];
  if (asked) return { language, content: asked };
  const en = contents.en;
  if (!en) throw new MailTemplateError('body', 'The template has no English version');
  return { language: 'en', content: en };
}
