import { createRequire } from 'node:module';
import Docxtemplater, { type DXT } from 'docxtemplater';
import PizZip from 'pizzip';
import { AppError } from '../../lib/errors';

// The inspect module is CommonJS without an ES entry; it needs `lodash` installed (DEPENDENCIES.md).
const require = createRequire(import.meta.url);
type InspectModule = { getAllTags(): Record<string, unknown> };
const InspectModuleClass = require('docxtemplater/js/inspect-module.js') as new () => InspectModule;

type Scope = unknown;

/**
 * Tags resolve only to the caller's own data: `{constructor}` or `{__proto__}` find nothing instead of
 * reaching Object's prototype. A tag is a plain name, `.` (the current loop item) or dotted (`a.b`).
 */
function ownPropertyParser(tag: string) {
  const path = tag === '.' ? [] : tag.split('.').map((s) => s.trim());
  return {
    get(scope: Scope) {
      let value: unknown = scope;
      for (const key of path) {
        if (value === null || typeof value !== 'object' || !Object.hasOwn(value, key)) return undefined;
        value = (value as Record<string, unknown>)[key];
      }
      return value;
    },
  };
}

/** A missing value renders as nothing (so a sample fills what it has), never as 'undefined'. */
const nullGetter = () => '';

const OPTIONS = { paragraphLoop: true, linebreaks: true, nullGetter, errorLogging: false, parser: ownPropertyParser };

type TemplateErrorDetail = { properties?: { explanation?: string; id?: string } };

/** docxtemplater's explanation of what is wrong in a template, as a 400 naming each problem. */
function toTemplateError(err: unknown): AppError {
  const e = err as { properties?: { errors?: TemplateErrorDetail[]; explanation?: string; id?: string } };
  const explanations = (e?.properties?.errors ?? (e?.properties ? [e as TemplateErrorDetail] : []))
    .map((d) => d.properties?.explanation)
    .filter((x): x is string => typeof x === 'string' && x.length > 0);
  if (explanations.length === 0) {
    return new AppError('VALIDATION_FAILED', {
      message: 'The file is not a valid DOCX template',
      errors: { file: ['The file is not a valid DOCX template'] },
    });
  }
  return new AppError('VALIDATION_FAILED', {
    message: `The template has errors: ${explanations.join('; ')}`,
    errors: { file: explanations },
  });
}

function openTemplate(content: Buffer, modules: unknown[] = []): Docxtemplater {
  let zip: PizZip;
  try {
    zip = new PizZip(content);
  } catch {
    throw new AppError('VALIDATION_FAILED', {
      message: 'The file is not a valid DOCX document',
      errors: { file: ['The file is not a valid DOCX document'] },
    });
  }
  try {
    return new Docxtemplater(zip, { ...OPTIONS, modules } as unknown as DXT.ConstructorOptions);
  } catch (err) {
    throw toTemplateError(err);
  }
}

function flattenTags(tags: Record<string, unknown>, prefix = ''): string[] {
  const names: string[] = [];
  for (const [name, inner] of Object.entries(tags)) {
    const full = prefix ? `${prefix}.${name}` : name;
    names.push(full);
    if (inner && typeof inner === 'object' && Object.keys(inner).length > 0) {
      names.push(...flattenTags(inner as Record<string, unknown>, full));
    }
  }
  return names;
}

/**
 * The variables a DOCX template uses, in order of first appearance: plain tags (`{name}`), loops
 * (`{#items}`) and the tags inside a loop as `loop.tag` (`items.price`). Throws a 400 with
 * docxtemplater's explanation when the template has syntax errors.
 */
export function extractTemplateVariables(content: Buffer): string[] {
  const inspect = new InspectModuleClass();
  openTemplate(content, [inspect]);
  return flattenTags(inspect.getAllTags());
}

/** Fills a DOCX template with `data` and answers the new DOCX. */
export function renderDocxTemplate(content: Buffer, data: Record<string, unknown>): Buffer {
  const doc = openTemplate(content);
  try {
    doc.render(data);
  } catch (err) {
    throw toTemplateError(err);
  }
  return doc.getZip().generate({ type: 'nodebuffer', compression: 'DEFLATE' });
}
