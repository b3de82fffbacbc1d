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
import multipart from '@fastify/multipart';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Deps } from '../../deps';
import { invalidForm, parseFormFields, parseJsonField } from '../../lib/multipart-form';
import { readStreamedForm } from '../../lib/multipart-stream';
import { requireActor } from '../../plugins/authenticate';
import { safeName } from '../cases';
import * as engine from './case-results.engine-service';

const tags = ['cases'];
const permission = CASE_PERMISSIONS.engine;
const binary = z.any().describe('the file');

// --- Multipart: text fields first, then the file parts, each streamed into storage (lib/multipart-stream.ts) -----

type FileEntry = { kind: engine.StoredFile['kind']; jaw: engine.StoredFile['jaw'] };

/**
 * Reads an engine call's multipart body: the text fields, then each `file` part streamed into the target's
 * folder. `begin` checks the fields and the case before any file is stored; `entryOf` gives a file's kind and
 * jaw by its name. What was stored is deleted if anything fails (here or in `finish`).
 */
function readEngineForm<T, R>(
  deps: Deps,
  request: FastifyRequest,
  reply: FastifyReply,
  begin: (raw: Record<string, string>) => Promise<{ target: engine.EngineTarget; context: T }>,
  entryOf: (context: T, fileName: string) => FileEntry,
  finish: (context: T, files: engine.StoredFile[]) => Promise<R>,
): Promise<R> {
  return readStreamedForm(request, reply, {
    storage: deps.storage,
    limits: { maxFileBytes: deps.config.cases.external.maxResultFileBytes, maxFiles: ENGINE_FILES_MAX },
    begin,
    place: (started, fileName, index) => ({
      key: `${started.target.folder}/${index + 1}-${safeName(fileName)}`,
      entry: entryOf(started.context, fileName),
    }),
    finish: (started, files) => finish(started.context, files),
  });
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
  if (missing.length) throw invalidForm({ [field]: [`No file part for ${missing.slice(0, 5).join(', ')}`] });
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
          const fields = parseFormFields(saveResultsFieldsSchema, raw);
          const manifest = parseJsonField(raw, 'manifest', resultFilesManifestSchema);
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
          const fields = parseFormFields(saveMultipleResultsFieldsSchema, raw);
          const manifest = parseJsonField(raw, 'manifest', resultsManifestSchema);
          if (!manifest) throw invalidForm({ manifest: ['List the results and their files in the manifest field'] });
          const owner = new Map<string, number>();
          manifest.forEach((result, index) => {
            for (const file of result.files) {
              if (owner.has(file.file_name))
                throw invalidForm({ manifest: [`The file name ${file.file_name} is listed twice`] });
              owner.set(file.file_name, index);
            }
          });
          const target = await engine.engineTarget(deps, actor, fields.case_id, fields.job_id);
          return { target, context: { manifest, owner, target } };
        },
        (context, fileName) => {
          const index = context.owner.get(fileName);
          if (index === undefined) throw invalidForm({ file: [`The manifest lists no file ${fileName}`] });
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
          const fields = parseFormFields(saveFilesFieldsSchema, raw);
          const manifest = parseJsonField(raw, 'manifest', resultFilesManifestSchema);
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
