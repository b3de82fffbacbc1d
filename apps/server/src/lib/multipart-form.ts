import { VALIDATION_MESSAGES } from '@cuspid/contracts';
import type { MultipartFile } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { AppError, type FieldErrors } from './errors';

export type UploadedFile = { fileName: string; content: Buffer };

/** Reads a file part whole; past the size limit busboy only truncates it, so fail instead and store nothing. */
async function readWhole(part: MultipartFile): Promise<Buffer> {
  const chunks: Buffer[] = [];
  part.file.once('limit', () => part.file.destroy(new AppError('PAYLOAD_TOO_LARGE')));
  for await (const chunk of part.file) chunks.push(chunk as Buffer);
  if (part.file.truncated) throw new AppError('PAYLOAD_TOO_LARGE');
  return Buffer.concat(chunks);
}

/** 400 in the usual shape, with an error per field (the first one as the message). */
export function invalidForm(errors: FieldErrors): AppError {
  const first = Object.values(errors)[0]?.[0];
  return new AppError('VALIDATION_FAILED', { ...(first ? { message: first } : {}), errors });
}

export const fileRequiredError = () =>
  new AppError('VALIDATION_FAILED', {
    message: VALIDATION_MESSAGES.fileRequired,
    errors: { file: [VALIDATION_MESSAGES.fileRequired] },
  });

/**
 * A multipart form of text fields and one small file (a logo, a template; the size limit keeps it small):
 * the fields parsed by their zod schema, the file read whole. Every problem answers 400 in the usual shape
 * with an error per field (`file` when the file is missing or empty), a file over `maxFileBytes` 413.
 * Large uploads (scans, documents, an engine's results: multipart-stream.ts) stream instead.
 */
export async function readMultipartForm<S extends z.ZodType>(
  request: FastifyRequest,
  fields: S,
  options: { maxFileBytes?: number } = {},
): Promise<{ fields: z.output<S>; file: UploadedFile }> {
  if (!request.isMultipart()) throw fileRequiredError();
  const raw: Record<string, string> = {};
  let file: UploadedFile | undefined;
  const limits = options.maxFileBytes ? { limits: { fileSize: options.maxFileBytes, files: 1 } } : undefined;
  for await (const part of request.parts(limits)) {
    if (part.type === 'file') file = { fileName: part.filename, content: await readWhole(part) };
    else if (typeof part.value === 'string') raw[part.fieldname] = part.value;
  }
  const fileErrors: FieldErrors =
    !file || file.content.length === 0 ? { file: [VALIDATION_MESSAGES.fileRequired] } : {};
  return { fields: parseFormFields(fields, raw, fileErrors), file: file! };
}

/**
 * A form's text fields parsed by their zod schema: 400 in the usual shape with an error per field, together with
 * `otherErrors` (a file's) when there are any. `prefix` names a field whose value was parsed (`manifest.0.kind`).
 */
export function parseFormFields<S extends z.ZodType>(
  fields: S,
  raw: unknown,
  otherErrors: FieldErrors = {},
  prefix = '',
): z.output<S> {
  const errors: FieldErrors = {};
  const parsed = fields.safeParse(raw);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = [prefix, ...issue.path.map(String)].filter(Boolean).join('.') || '_';
      errors[field] = [...(errors[field] ?? []), issue.message];
    }
  }
  Object.assign(errors, otherErrors);
  if (!parsed.success || Object.keys(errors).length) throw invalidForm(errors);
  return parsed.data;
}

/** The JSON text field `name` (absent: undefined), parsed by its schema; 400 naming the field otherwise. */
export function parseJsonField<S extends z.ZodType>(
  raw: Record<string, string>,
  name: string,
  schema: S,
): z.output<S> | undefined {
  const text = raw[name];
  if (text === undefined) return undefined;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw invalidForm({ [name]: [`The ${name} field is not valid JSON`] });
  }
  return parseFormFields(schema, value, {}, name);
}
