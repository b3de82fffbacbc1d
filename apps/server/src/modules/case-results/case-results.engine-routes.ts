import { createHash } from 'node:crypto';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { errorResponseSchema, errorResponses, idParamsSchema } from '@cuspid/contracts';
import {
  CASE_PERMISSIONS,
  CASE_ROUTES,
  caseSchema,
  ENGINE_FILES_MAX,
  engineOutcomeSchema,
  resultFilesManifestSchema,
  resultsManifestSchema,
  savedResultSchema,
  savedResultsSchema,
  saveFilesFieldsSchema,
  saveMultipleResultsFieldsSchema,
  saveResultsFieldsSchema,
} from '@cuspid/contracts/cases';
import multipart, { type MultipartFile } from '@fastify/multipart';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Deps } from '../../deps';
import { AppError, type FieldErrors } from '../../lib/errors';
import { fileRequiredError } from '../../lib/multipart-form';
import { requireActor } from '../../plugins/authenticate';
import { safeName } from '../cases';
import * as engine from './case-results.engine-service';

const tags = ['cases'];
const permission = CASE_PERMISSIONS.engine;
const binary = z.any().describe('the file');

// --- Multipart: text fields first, then the file parts, each streamed into storage --------------------

function invalid(errors: FieldErrors): AppError {
  const first = Object.values(errors)[0]?.[0];
  return new AppError('VALIDATION_FAILED', { ...(first ? { message: first } : {}), errors });
}

/** A text field parsed by its schema; a problem answers 400 naming the field (`manifest.0.kind`, …). */
function parseFields<S extends z.ZodType>(schema: S, raw: unknown, prefix = ''): z.output<S> {
  const parsed = schema.safeParse(raw);
  if (parsed.success) return parsed.data;
  const errors: FieldErrors = {};
  for (const issue of parsed.error.issues) {
    const field = [prefix, ...issue.path.map(String)].filter(Boolean).join('.') || '_';
    errors[field] = [...(errors[field] ?? []), issue.message];
  }
  throw invalid(errors);
}

/** The JSON field `name` (absent: undefined), parsed by its schema. */
function jsonField<S extends z.ZodType>(raw: Record<string, string>, name: string, schema: S): z.output<S> | undefined {
  const text = raw[name];
  if (text === undefined) return undefined;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw invalid({ [name]: [`The ${name} field is not valid JSON`] });
  }
  return parseFields(schema, value, name);
}

const KNOWN_TYPES: Record<string, string> = {
  stl: 'model/stl',
  ply: 'application/ply',
  obj: 'model/obj',
  json: 'application/json',
  pdf: 'application/pdf',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  txt: 'text/plain',
};

/** The content type to store: the part's if it is a plain `type/subtype`, else by the file name's extension. */
function contentTypeOf(part: MultipartFile): string {
  const given = part.mimetype?.toLowerCase();
  if (given && given !== 'application/octet-stream' && /^[a-z0-9.+-]{1,60}\/[a-z0-9.+-]{1,100}$/.test(given))
    return given;
  const extension = /\.([A-Za-z0-9]{1,8})$/.exec(part.filename ?? '')?.[1]?.toLowerCase() ?? '';
  return KNOWN_TYPES[extension] ?? 'application/octet-stream';
}

/**
 * Streams one file part into storage at `key`, measuring its size and SHA-256 on the way: no more than a
 * chunk is held in memory. Past the size limit the part fails with 413 and nothing stays stored.
 */
async function storePart(deps: Deps, part: MultipartFile, key: string) {
  const hash = createHash('sha256');
  let size = 0;
  let tooLarge = false;
  part.file.once('limit', () => {
    tooLarge = true;
    part.file.destroy(new AppError('PAYLOAD_TOO_LARGE'));
  });
  const meter = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      hash.update(chunk);
      size += chunk.length;
      callback(null, chunk);
    },
  });
  const contentType = contentTypeOf(part);
  try {
    await Promise.all([pipeline(part.file, meter), deps.storage.put(key, meter, { contentType })]);
  } catch (err) {
    meter.destroy();
    part.file.resume();
    await deps.storage.delete(key).catch(() => undefined);
    if (tooLarge) throw new AppError('PAYLOAD_TOO_LARGE');
    throw err;
  }
  if (tooLarge || part.file.truncated) {
    await deps.storage.delete(key);
    throw new AppError('PAYLOAD_TOO_LARGE');
  }
  if (size === 0) {
    await deps.storage.delete(key);
    throw invalid({ file: [`The file ${part.filename} is empty`] });
  }
  return { contentType, size, sha256: hash.digest('hex') };
}

type FileEntry = { kind: engine.StoredFile['kind']; jaw: engine.StoredFile['jaw'] };

/**
 * Reads an engine call's multipart body: the text fields (which must come before the files), then each
 * `file` part streamed into the target's folder. `begin` checks the fields and the case before any file is
 * stored; `entryOf` gives a file's kind and jaw by its name. What was stored is deleted if anything fails
 * (here or in `finish`).
 */
async function readEngineForm<T, R>(
  deps: Deps,
  request: FastifyRequest,
  reply: FastifyReply,
  begin: (raw: Record<string, string>) => Promise<{ target: engine.EngineTarget; context: T }>,
  entryOf: (context: T, fileName: string) => FileEntry,
  finish: (context: T, files: engine.StoredFile[]) => Promise<R>,
): Promise<R> {
  if (!request.isMultipart()) throw fileRequiredError();
  const raw: Record<string, string> = {};
  let started: { target: engine.EngineTarget; context: T } | undefined;
  const files: engine.StoredFile[] = [];
  const names = new Set<string>();
  try {
    const parts = request.parts({
      limits: {
        fileSize: deps.config.cases.external.maxResultFileBytes,
        files: ENGINE_FILES_MAX,
        fields: 10,
        fieldSize: 1_000_000,
        parts: ENGINE_FILES_MAX + 10,
      },
    });
    for await (const part of parts) {
      if (part.type === 'field') {
        if (started) throw invalid({ [part.fieldname]: ['Send every text field before the files'] });
        raw[part.fieldname] = typeof part.value === 'string' ? part.value : String(part.value);
        continue;
      }
      if (part.fieldname !== 'file') throw invalid({ [part.fieldname]: ['Send each file in a part named file'] });
      started ??= await begin(raw);
      const fileName = (part.filename ?? '').trim();
      if (!fileName) throw invalid({ file: ['Each file needs a file name'] });
      if (names.has(fileName)) throw invalid({ file: [`The file name ${fileName} occurs twice`] });
      names.add(fileName);
      const entry = entryOf(started.context, fileName);
      const key = `${started.target.folder}/${files.length + 1}-${safeName(fileName)}`;
      const stored = await storePart(deps, part, key);
      files.push({ key, fileName, kind: entry.kind, jaw: entry.jaw, ...stored });
    }
    if (!started) {
      await begin(raw);
      throw fileRequiredError();
    }
    return await finish(started.context, files);
  } catch (err) {
    for (const file of files) await deps.storage.delete(file.key).catch(() => undefined);
    if ((err as { code?: string }).code === 'FST_FILES_LIMIT')
      throw invalid({ file: [`Send at most ${ENGINE_FILES_MAX} files in one call`] });
    const tooLarge = ['FST_REQ_FILE_TOO_LARGE', 'PAYLOAD_TOO_LARGE'].includes((err as { code?: string }).code ?? '');
    // The client may still be sending (up to the rest of a large file): end the connection with the answer
    // rather than read and throw away what follows.
    if (tooLarge) reply.header('connection', 'close');
    if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError('PAYLOAD_TOO_LARGE');
    throw err;
  }
}

const entryFrom =
  (manifest: { file_name: string; kind: FileEntry['kind']; jaw: FileEntry['jaw'] }[] | undefined) =>
  (fileName: string): FileEntry => {
    const entry = manifest?.find((m) => m.file_name === fileName);
    return entry ? { kind: entry.kind, jaw: entry.jaw } : { kind: 'mesh', jaw: null };
  };

/** The files of the manifest no part brought (400: the engine named a file it did not send). */
function assertAllSent(expected: string[], files: engine.StoredFile[], field = 'manifest') {
  const sent = new Set(files.map((f) => f.fileName));
  const missing = expected.filter((name) => !sent.has(name));
  if (missing.length) throw invalid({ [field]: [`No file part for ${missing.slice(0, 5).join(', ')}`] });
}

// --- Routes ------------------------------------------------------------------------------------------

const multipartBody = z.object({ file: binary }).optional();
const noValidation = () => () => ({ value: undefined });
const refusals = { 409: errorResponseSchema, 413: errorResponseSchema, ...errorResponses };

/**
 * The external engine's calls (ADR 0101): an API key holding backoffice-case-engine saves results and
 * reports the outcome of a case it is processing.
 */
export const caseEngineRoutes: FastifyPluginAsyncZod<{ deps: Deps }> = async (app, { deps }) => {
  // Limits are given per call (request.parts); another plugin of this context may already have registered it.
  if (!app.hasRequestDecorator('isMultipart')) await app.register(multipart);

  app.post(
    CASE_ROUTES.saveResults,
    {
      config: { permission },
      schema: {
        tags,
        summary:
          'Engine: save a result version of a case in progress (multipart: case_id, job_id, status, note, manifest, then file parts)',
        description:
          'Text fields first: `case_id`, optional `job_id` (of the engine job), `status` (`done` or `in-progress`), `note`, and `manifest`, a JSON array of `{ file_name, kind, jaw }` giving each file its kind (default `mesh`) and jaw (default none). Then one or more parts named `file`, each streamed into storage.',
        consumes: ['multipart/form-data'],
        body: multipartBody,
        response: { 200: savedResultSchema, ...refusals },
      },
      validatorCompiler: noValidation,
    },
    async (request, reply) => {
      const actor = requireActor(request);
      return readEngineForm(
        deps,
        request,
        reply,
        async (raw) => {
          const fields = parseFields(saveResultsFieldsSchema, raw);
          const manifest = jsonField(raw, 'manifest', resultFilesManifestSchema);
          const target = await engine.engineTarget(deps, actor, fields.case_id, fields.job_id);
          return { target, context: { fields, manifest, target } };
        },
        (context, fileName) => entryFrom(context.manifest)(fileName),
        async (context, files) => {
          assertAllSent(context.manifest?.map((m) => m.file_name) ?? [], files);
          const [result] = await engine.saveResults(deps, actor, context.target, [
            { status: context.fields.status, note: context.fields.note, files },
          ]);
          return { result: result! };
        },
      );
    },
  );

  app.post(
    CASE_ROUTES.saveMultipleResults,
    {
      config: { permission },
      schema: {
        tags,
        summary: 'Engine: save several result versions of a case in one call, all or none (multipart)',
        description:
          'Text fields first: `case_id`, optional `job_id`, and `manifest`, a JSON array of results `{ status, note, files: [{ file_name, kind, jaw }] }`. Then the parts named `file`; each file name belongs to exactly one result of the manifest, and every file the manifest names must be sent.',
        consumes: ['multipart/form-data'],
        body: multipartBody,
        response: { 200: savedResultsSchema, ...refusals },
      },
      validatorCompiler: noValidation,
    },
    async (request, reply) => {
      const actor = requireActor(request);
      return readEngineForm(
        deps,
        request,
        reply,
        async (raw) => {
          const fields = parseFields(saveMultipleResultsFieldsSchema, raw);
          const manifest = jsonField(raw, 'manifest', resultsManifestSchema);
          if (!manifest) throw invalid({ manifest: ['List the results and their files in the manifest field'] });
          const owner = new Map<string, number>();
          manifest.forEach((result, index) => {
            for (const file of result.files) {
              if (owner.has(file.file_name))
                throw invalid({ manifest: [`The file name ${file.file_name} is listed twice`] });
              owner.set(file.file_name, index);
            }
          });
          const target = await engine.engineTarget(deps, actor, fields.case_id, fields.job_id);
          return { target, context: { manifest, owner, target } };
        },
        (context, fileName) => {
          const index = context.owner.get(fileName);
          if (index === undefined) throw invalid({ file: [`The manifest lists no file ${fileName}`] });
          return entryFrom(context.manifest[index]!.files)(fileName);
        },
        async (context, files) => {
          assertAllSent([...context.owner.keys()], files);
          const results = context.manifest.map((result, index) => ({
            status: result.status,
            note: result.note,
            files: files.filter((f) => context.owner.get(f.fileName) === index),
          }));
          return { results: await engine.saveResults(deps, actor, context.target, results) };
        },
      );
    },
  );

  app.post(
    CASE_ROUTES.saveFiles,
    {
      config: { permission },
      schema: {
        tags,
        summary: 'Engine: add files to a result version still in progress (multipart: result_id, manifest, files)',
        description:
          'Text fields first: `result_id` and the optional `manifest` (as for /save-results); then the parts named `file`. A complete result refuses more files (409); /update-result-status completes it.',
        consumes: ['multipart/form-data'],
        body: multipartBody,
        response: { 200: savedResultSchema, ...refusals },
      },
      validatorCompiler: noValidation,
    },
    async (request, reply) => {
      const actor = requireActor(request);
      return readEngineForm(
        deps,
        request,
        reply,
        async (raw) => {
          const fields = parseFields(saveFilesFieldsSchema, raw);
          const manifest = jsonField(raw, 'manifest', resultFilesManifestSchema);
          const target = await engine.fileTarget(deps, actor, fields.result_id);
          return { target, context: { fields, manifest } };
        },
        (context, fileName) => entryFrom(context.manifest)(fileName),
        async (context, files) => {
          assertAllSent(context.manifest?.map((m) => m.file_name) ?? [], files);
          return { result: await engine.saveFiles(deps, actor, context.fields.result_id, files) };
        },
      );
    },
  );

  app.post(
    CASE_ROUTES.caseResults(':id'),
    {
      config: { permission },
      schema: {
        tags,
        summary:
          'Engine: report how the processing of a case ended (done: on to review when a result is done; unsupported or failed: credits refunded)',
        params: idParamsSchema,
        body: engineOutcomeSchema,
        response: { 200: caseSchema, 409: errorResponseSchema, ...errorResponses },
      },
    },
    (request) => engine.reportOutcome(deps, requireActor(request), request.params.id, request.body),
  );
};
