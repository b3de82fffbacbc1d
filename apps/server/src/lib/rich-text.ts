import sanitizeHtml from 'sanitize-html';

/**
 * What rich text written in the portal's editor (announcements, the data-privacy text; ADR 0111) may hold:
 * paragraphs, headings 2 to 4, emphasis, links, lists, quotes and code. Everything else goes: scripts and
 * styles with their content, event handlers, `style` and `class` attributes, images, frames, forms, and
 * links with any scheme but http, https and mailto. Links open apart from the portal (`noopener`).
 */
const RICH_TEXT_OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    'p',
    'h2',
    'h3',
    'h4',
    'strong',
    'b',
    'em',
    'i',
    'u',
    's',
    'a',
    'ul',
    'ol',
    'li',
    'blockquote',
    'code',
    'pre',
    'br',
    'hr',
  ],
  allowedAttributes: { a: ['href', 'target', 'rel'] },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesAppliedToAttributes: ['href'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  // A heading 1 belongs to the page: one written in the editor becomes a heading 2.
  transformTags: {
    h1: 'h2',
    a: (tagName, attribs) => ({
      tagName,
      attribs: {
        ...(attribs.href ? { href: attribs.href } : {}),
        ...(attribs.target === '_blank' ? { target: '_blank' } : {}),
        rel: 'noopener noreferrer nofollow',
      },
    }),
  },
};

/** The HTML of a rich text as the portal stores and shows it (see RICH_TEXT_OPTIONS). */
export const sanitizeRichText = (html: string) => sanitizeHtml(html, RICH_TEXT_OPTIONS).trim();

/** The text a rich text shows, without tags (to tell an empty editor from a written one). */
export const richTextIsEmpty = (html: string) =>
  sanitizeHtml(html, { allowedTags: [], allowedAttributes: {} }).trim() === '';
