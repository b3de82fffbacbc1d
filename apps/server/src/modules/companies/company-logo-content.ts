import sanitizeHtml from 'sanitize-html';
import { detectFileType } from '../../lib/file-sniff';

export const LOGO_CONTENT_TYPES = ['image/png', 'image/jpeg', 'image/svg+xml'] as const;
export type LogoContentType = (typeof LOGO_CONTENT_TYPES)[number];

export const LOGO_EXTENSION: Record<LogoContentType, string> = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/svg+xml': 'svg',
};

/** The type a file name claims; a logo must be what its name says (a PNG renamed .svg is refused). */
export function claimedLogoType(fileName: string): LogoContentType | null {
  const extension = /\.([a-z0-9]+)$/i.exec(fileName.trim())?.[1]?.toLowerCase();
  if (extension === 'png') return 'image/png';
  if (extension === 'jpg' || extension === 'jpeg') return 'image/jpeg';
  if (extension === 'svg') return 'image/svg+xml';
  return null;
}

/**
 * True when the bytes are an SVG document: UTF-8 text whose first element (after an optional BOM,
 * XML declaration, comments and doctype) is `<svg`. Binary content (NUL bytes) never is.
 */
export function looksLikeSvg(content: Buffer): boolean {
  if (content.includes(0)) return false;
  return /^<svg[\s>/]/.test(withoutProlog(content.toString('utf8', 0, Math.min(content.length, 64 * 1024))));
}

/** XML declaration, comments and doctype (with its internal subset) before the root element. */
const PROLOG = /^(?:\s+|<\?xml[^>]*\?>|<!--[\s\S]*?-->|<!DOCTYPE[^[>]*(?:\[[\s\S]*?\])?\s*>)*/i;
const withoutProlog = (text: string) => {
  const unmarked = text.replace(/^\uFEFF/, '');
  return unmarked.slice(PROLOG.exec(unmarked)?.[0].length ?? 0);
};

/** The type of a logo from its content (magic numbers; SVG by its root element), or null. */
export function detectLogoType(content: Buffer): LogoContentType | null {
  const sniffed = detectFileType(content);
  if (sniffed === 'image/png' || sniffed === 'image/jpeg') return sniffed;
  if (sniffed) return null;
  return looksLikeSvg(content) ? 'image/svg+xml' : null;
}

/** Drawing elements only: no script, style, foreignObject, image, a, animate/set (which can rewrite links). */
const SVG_TAGS = [
  'svg',
  'g',
  'defs',
  'symbol',
  'use',
  'title',
  'desc',
  'path',
  'rect',
  'circle',
  'ellipse',
  'line',
  'polyline',
  'polygon',
  'text',
  'tspan',
  'linearGradient',
  'radialGradient',
  'stop',
  'clipPath',
  'mask',
  'pattern',
  'marker',
  'filter',
  'feGaussianBlur',
  'feOffset',
  'feBlend',
  'feColorMatrix',
  'feFlood',
  'feComposite',
  'feMerge',
  'feMergeNode',
  'feDropShadow',
];

/** Geometry and presentation attributes; never an event handler. */
const SVG_ATTRIBUTES = [
  'id',
  'class',
  'style',
  'transform',
  'fill',
  'fill-opacity',
  'fill-rule',
  'stroke',
  'stroke-width',
  'stroke-linecap',
  'stroke-linejoin',
  'stroke-miterlimit',
  'stroke-dasharray',
  'stroke-dashoffset',
  'stroke-opacity',
  'opacity',
  'clip-path',
  'clip-rule',
  'mask',
  'filter',
  'display',
  'visibility',
  'overflow',
  'color',
  'font-family',
  'font-size',
  'font-weight',
  'font-style',
  'font-variant',
  'text-anchor',
  'text-decoration',
  'dominant-baseline',
  'baseline-shift',
  'letter-spacing',
  'word-spacing',
  'textLength',
  'lengthAdjust',
  'vector-effect',
  'shape-rendering',
  'text-rendering',
  'paint-order',
  'x',
  'y',
  'x1',
  'y1',
  'x2',
  'y2',
  'cx',
  'cy',
  'r',
  'rx',
  'ry',
  'fx',
  'fy',
  'fr',
  'dx',
  'dy',
  'width',
  'height',
  'd',
  'points',
  'pathLength',
  'viewBox',
  'preserveAspectRatio',
  'version',
  'xmlns',
  'xmlns:xlink',
  'xml:space',
  'href',
  'xlink:href',
  'offset',
  'stop-color',
  'stop-opacity',
  'gradientUnits',
  'gradientTransform',
  'spreadMethod',
  'patternUnits',
  'patternContentUnits',
  'patternTransform',
  'clipPathUnits',
  'maskUnits',
  'maskContentUnits',
  'filterUnits',
  'primitiveUnits',
  'stdDeviation',
  'in',
  'in2',
  'result',
  'mode',
  'values',
  'type',
  'operator',
  'k1',
  'k2',
  'k3',
  'k4',
  'flood-color',
  'flood-opacity',
  'markerWidth',
  'markerHeight',
  'markerUnits',
  'refX',
  'refY',
  'orient',
  'marker-start',
  'marker-mid',
  'marker-end',
];

const SVG_NAMESPACE = 'http://www.w3.org/2000/svg';
const XLINK_NAMESPACE = 'http://www.w3.org/1999/xlink';
const LOCAL_URL = /url\(\s*(['"]?)#[\w.:-]+\1\s*\)/gi;

/**
 * A value may point only inside the document: every `url(...)` must be `url(#id)`, and CSS escapes,
 * at-rules and script-like values (which could hide a reference) are refused.
 */
function isLocalValue(value: string): boolean {
  const withoutLocal = value.replace(LOCAL_URL, '');
  return !/url\s*\(|\\|@|expression|javascript:|data:/i.test(withoutLocal) && !/[<>]/.test(value);
}

function filterAttributes(tagName: string, attribs: sanitizeHtml.Attributes): sanitizeHtml.Attributes {
  const kept: sanitizeHtml.Attributes = {};
  for (const [name, value] of Object.entries(attribs)) {
    if (name === 'xmlns' || name === 'xmlns:xlink') continue; // set below to the only allowed values
    if (name === 'href' || name === 'xlink:href') {
      // References stay inside the document (a gradient, a symbol): `#id` only.
      if (/^#[\w.:-]+$/.test(value.trim())) kept[name] = value.trim();
      continue;
    }
    if (isLocalValue(value)) kept[name] = value;
  }
  if (tagName === 'svg') {
    kept.xmlns = SVG_NAMESPACE;
    if (Object.hasOwn(kept, 'xlink:href') || Object.hasOwn(attribs, 'xmlns:xlink'))
      kept['xmlns:xlink'] = XLINK_NAMESPACE;
  }
  return kept;
}

const SANITIZE_OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: SVG_TAGS,
  allowedAttributes: { '*': SVG_ATTRIBUTES },
  allowedSchemes: [],
  allowedSchemesAppliedToAttributes: ['href', 'xlink:href'],
  allowProtocolRelative: false,
  // Elements whose content must go with them (not left behind as text).
  nonTextTags: ['script', 'style', 'foreignObject', 'textarea', 'noscript', 'iframe'],
  disallowedTagsMode: 'discard',
  selfClosing: [],
  parser: { xmlMode: true, lowerCaseTags: false, lowerCaseAttributeNames: false, recognizeSelfClosing: true },
  transformTags: {
    '*': (tagName, attribs) => ({ tagName, attribs: filterAttributes(tagName, attribs) }),
  },
};

export class SvgSanitizeError extends Error {}

/**
 * An SVG reduced to drawing: scripts, event handlers, foreignObject, style elements, links,
 * animations and every reference outside the document are removed (an allow-list: whatever is
 * not named above goes). The result is an SVG document or an error when nothing of one is left.
 */
export function sanitizeSvg(content: Buffer): Buffer {
  // The prolog goes first: a doctype's entity declarations are never read.
  const clean = sanitizeHtml(withoutProlog(content.toString('utf8')), SANITIZE_OPTIONS).trim();
  if (!/^<svg[\s>]/.test(clean) || !clean.endsWith('</svg>')) {
    throw new SvgSanitizeError('The SVG has no drawing left after removing unsafe content');
  }
  return Buffer.from(`<?xml version="1.0" encoding="UTF-8"?>\n${clean}\n`, 'utf8');
}
