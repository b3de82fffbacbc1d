import { errorResponseSchema, errorResponses, idParamsSchema, totalListSchema } from '@cuspid/contracts';
import {
  approveCaseSchema,
  approveCasesSchema,
  CASE_PERMISSIONS,
  CASE_ROUTES,
  caseBulkResultSchema,
  caseIdsSchema,
  caseListItemSchema,
  caseListQuerySchema,
  caseLogSchema,
  caseSchema,
  createCaseSchema,
  emptyTrashResultSchema,
  emptyTrashSchema,
  jawActionSchema,
  jawOrientationSchema,
  jawSchema,
  parsedTeethSchema,
  requeueCaseSchema,
  sendApproveMailSchema,
  TEETH_FILE_MAX_BYTES,
  updateCaseSchema,
  updateStatusesSchema,
  updateStatusSchema,
} from '@cuspid/contracts/cases';
import multipart from '@fastify/multipart';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Deps } from '../../deps';
import { AppError } from '../../lib/errors';
import { serveEventStream } from '../../lib/event-stream';
import { sendJsonText } from '../../lib/json-text';
import { fileRequiredError } from '../../lib/multipart-form';
import { requireActor } from '../../plugins/authenticate';
import { createCase, parseTeethFile, updateCase } from './cases.edit';
import { CaseEventHub, eventFilter, toEvent } from './cases.events';
import { jawDownload, sendDownload } from './cases.files';
import { deleteJaw, restoreJaw, setJawOrientation } from './cases.jaws';
import { lockCase, unlockCase } from './cases.lock';
import { caseLogs, getCase, listCases } from './cases.read';
import { approveCase, approveCases, requeueCase, sendApproveMail, updateStatus, updateStatuses } from './cases.status';
import { deleteCases, emptyTrash } from './cases.trash';

const tags = ['cases'];
const P = CASE_PERMISSIONS;
const messageSchema = z.object({ message: z.string() });
const binary = z.any().describe('the file');

/** The cases area (spec sections 2, 4, 7; ADR 0102): cases, their review actions, results, ratings, logs. */
export const casesRoutes: FastifyPluginAsyncZod<{ deps: Deps }> = async (app, { deps }) => {
  const hub = new CaseEventHub(deps);
  // Open event streams end when the server closes (they would otherwise keep it from closing).
  const streams = new Set<() => void>();
  app.addHook('onClose', async () => {
    for (const end of streams) end();
  });

  app.get(
    CASE_ROUTES.cases,
    {
      config: { permission: P.read },
      schema: {
        tags,
        summary: 'Cases, newest first (paged; filters: status, flag, tag, company, dates; search: name and patient)',
        querystring: caseListQuerySchema,
        response: { 200: totalListSchema(caseListItemSchema), ...errorResponses },
      },
    },
    async (request, reply) =>
      sendJsonText(reply as FastifyReply, await listCases(deps, requireActor(request), request.query)),
  );

  app.post(
    CASE_ROUTES.cases,
    {
      config: { permission: P.read },
      schema: {
        tags,
        summary:
          'Submit a case: verified scan uploads, teeth and patient; spends its price and queues it in one step (402 without enough credits)',
        body: createCaseSchema,
        response: { 201: caseSchema, 402: errorResponseSchema, ...errorResponses },
      },
    },
    async (request, reply) => reply.status(201).send(await createCase(deps, requireActor(request), request.body)),
  );

  app.get(
    CASE_ROUTES.case(':id'),
    {
      config: { permission: P.read },
      schema: {
        tags,
        summary: 'A case with its jaws and their quality reports',
        params: idParamsSchema,
        response: { 200: caseSchema, ...errorResponses },
      },
    },
    (request) => getCase(deps, requireActor(request), request.params.id),
  );

  app.put(
    CASE_ROUTES.case(':id'),
    {
      config: { permission: P.read },
      schema: {
        tags,
        summary: "Edit a case's name, patient, birth year and notes (not while another user holds its lock)",
        params: idParamsSchema,
        body: updateCaseSchema,
        response: { 200: caseSchema, 423: errorResponseSchema, ...errorResponses },
      },
    },
    (request) => updateCase(deps, requireActor(request), request.params.id, request.body),
  );

  app.delete(
    CASE_ROUTES.case(':id'),
    {
      config: { permission: P.delete },
      schema: {
        tags,
        summary: 'Move a case to the trash (POST /delete-cases removes trashed cases for good)',
        params: idParamsSchema,
        response: { 200: caseSchema, 409: errorResponseSchema, 423: errorResponseSchema, ...errorResponses },
      },
    },
    (request) => updateStatus(deps, requireActor(request), { id: request.params.id, status: 'trash', note: null }),
  );

  app.get(
    CASE_ROUTES.logs(':id'),
    {
      config: { permission: P.read },
      schema: {
        tags,
        summary: "A case's history, newest first",
        params: idParamsSchema,
        response: { 200: totalListSchema(caseLogSchema), ...errorResponses },
      },
    },
    (request) => caseLogs(deps, requireActor(request), request.params.id),
  );

  const conflict = { 409: errorResponseSchema, 423: errorResponseSchema };

  app.post(
    CASE_ROUTES.approveCase,
    {
      config: { permission: P.approve },
      schema: {
        tags,
        summary: 'Approve or reject a case in approval (its latest result follows; the creator gets a mail)',
        body: approveCaseSchema,
        response: { 200: caseSchema, ...conflict, ...errorResponses },
      },
    },
    (request) => approveCase(deps, requireActor(request), request.body),
  );

  app.post(
    CASE_ROUTES.approveCases,
    {
      config: { permission: P.approve },
      schema: {
        tags,
        summary: 'Approve or reject many cases (one transaction; per case: done, or refused and why)',
        body: approveCasesSchema,
        response: { 200: caseBulkResultSchema, ...errorResponses },
      },
    },
    (request) => approveCases(deps, requireActor(request), request.body),
  );

  app.post(
    CASE_ROUTES.updateStatus,
    {
      config: { permission: P.read },
      schema: {
        tags,
        summary: 'Move a case to another status, as the case state machine allows (docs/case-states.md)',
        body: updateStatusSchema,
        response: { 200: caseSchema, ...conflict, ...errorResponses },
      },
    },
    (request) => updateStatus(deps, requireActor(request), request.body),
  );

  app.post(
    CASE_ROUTES.updateStatuses,
    {
      config: { permission: P.read },
      schema: {
        tags,
        summary: 'Move many cases to a status (one transaction; per case: done, or refused and why)',
        body: updateStatusesSchema,
        response: { 200: caseBulkResultSchema, ...errorResponses },
      },
    },
    (request) => updateStatuses(deps, requireActor(request), request.body),
  );

  app.post(
    CASE_ROUTES.requeueCase,
    {
      config: { permission: P.recalculate },
      schema: {
        tags,
        summary:
          'Process a case again: a reviewed case costs its price times the recalculation factor, a failed one the full price',
        body: requeueCaseSchema,
        response: { 200: caseSchema, 402: errorResponseSchema, ...conflict, ...errorResponses },
      },
    },
    (request) => requeueCase(deps, requireActor(request), request.body),
  );

  app.post(
    CASE_ROUTES.deleteJaw,
    {
      config: { permission: P.delete },
      schema: {
        tags,
        summary: "Delete one jaw's scan from a case (restore-jaw brings it back)",
        body: jawActionSchema,
        response: { 200: caseSchema, ...conflict, ...errorResponses },
      },
    },
    (request) => deleteJaw(deps, requireActor(request), request.body),
  );

  app.post(
    CASE_ROUTES.restoreJaw,
    {
      config: { permission: P.delete },
      schema: {
        tags,
        summary: "Restore a deleted jaw's scan",
        body: jawActionSchema,
        response: { 200: caseSchema, ...conflict, ...errorResponses },
      },
    },
    (request) => restoreJaw(deps, requireActor(request), request.body),
  );

  app.post(
    CASE_ROUTES.jawOrientation,
    {
      config: { permission: P.read },
      schema: {
        tags,
        summary:
          "Correct a jaw scan's detected anatomical frame: one of the 24 quarter-turn rotations (0 = as detected)",
        body: jawOrientationSchema,
        response: { 200: caseSchema, 423: errorResponseSchema, ...errorResponses },
      },
    },
    (request) => setJawOrientation(deps, requireActor(request), request.body),
  );

  app.post(
    CASE_ROUTES.lock(':id'),
    {
      config: { permission: P.lock },
      schema: {
        tags,
        summary: 'Lock a case: only you and administrators can change it until it is unlocked',
        params: idParamsSchema,
        response: { 200: caseSchema, ...conflict, ...errorResponses },
      },
    },
    (request) => lockCase(deps, requireActor(request), request.params.id),
  );

  app.post(
    CASE_ROUTES.unlock(':id'),
    {
      config: { permission: P.lock },
      schema: {
        tags,
        summary: 'Unlock a case (the user who locked it, or an administrator)',
        params: idParamsSchema,
        response: { 200: caseSchema, ...conflict, ...errorResponses },
      },
    },
    (request) => unlockCase(deps, requireActor(request), request.params.id),
  );

  app.post(
    CASE_ROUTES.deleteCases,
    {
      config: { permission: P.delete },
      schema: {
        tags,
        summary: 'Delete trashed cases for good, with their scans and results (per case: done, or refused and why)',
        body: caseIdsSchema,
        response: { 200: caseBulkResultSchema, ...errorResponses },
      },
    },
    (request) => deleteCases(deps, requireActor(request), request.body.ids),
  );

  app.post(
    CASE_ROUTES.emptyTrash,
    {
      config: { permission: P.delete },
      schema: {
        tags,
        summary:
          'Delete the trashed cases of a company, or of every company the caller may see, for good; per company (locked ones stay; dry_run only counts)',
        body: emptyTrashSchema,
        response: { 200: emptyTrashResultSchema, ...errorResponses },
      },
    },
    (request) => emptyTrash(deps, requireActor(request), request.body),
  );

  // The teeth file is the one multipart call of these routes: its parser stays in a scope of its own.
  await app.register(async (scope) => {
    await scope.register(multipart, { limits: { fileSize: TEETH_FILE_MAX_BYTES, files: 1, fields: 2, parts: 3 } });
    scope.post(
      CASE_ROUTES.parseTeethFile,
      {
        config: { permission: P.read },
        schema: {
          tags,
          summary: 'Read the teeth a file names (JSON, CSV or plain text of FDI numbers; see ADR 0102)',
          consumes: ['multipart/form-data'],
          body: z.object({ file: binary }).optional(),
          response: { 200: parsedTeethSchema, ...errorResponses },
        },
        validatorCompiler: () => () => ({ value: undefined }),
      },
      async (request) => {
        requireActor(request);
        if (!request.isMultipart()) throw fileRequiredError();
        const part = await request.file();
        if (!part) throw fileRequiredError();
        const content = await part.toBuffer().catch((err: unknown) => {
          if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError('PAYLOAD_TOO_LARGE');
          throw err;
        });
        if (!content.length) throw fileRequiredError();
        return parseTeethFile(content);
      },
    );
  });

  app.post(
    CASE_ROUTES.sendApproveMail(':id'),
    {
      config: { permission: P.approve },
      schema: {
        tags,
        summary: "Mail the case's creator (or an address) that its results await approval",
        params: idParamsSchema,
        body: sendApproveMailSchema.optional(),
        response: { 200: messageSchema, 409: errorResponseSchema, ...errorResponses },
      },
    },
    (request) => sendApproveMail(deps, requireActor(request), request.params.id, request.body ?? {}),
  );

  app.get(
    CASE_ROUTES.jawFile(':id', ':jaw' as 'upper'),
    {
      config: { permission: P.read },
      schema: {
        tags,
        summary: "Download a jaw's scan as it was uploaded",
        params: z.object({ id: z.uuid(), jaw: jawSchema }),
        response: { 200: binary, ...errorResponses },
      },
    },
    async (request, reply) =>
      sendDownload(reply, await jawDownload(deps, requireActor(request), request.params.id, request.params.jaw)),
  );

  app.get(
    CASE_ROUTES.events,
    {
      config: { permission: P.read, stream: true },
      schema: {
        tags,
        summary: 'Server-sent events: `event: case` with the status of every case the caller may see, as it changes',
        response: { 200: z.string().describe('text/event-stream'), ...errorResponses },
      },
    },
    async (request, reply) => {
      await serveEventStream(deps, request, reply, {
        open: streams,
        source: async (send) => {
          const filter = eventFilter(deps, requireActor(request));
          try {
            await filter.refresh();
            const unsubscribe = await hub.subscribe((notice) => {
              if (filter.allows(notice)) send('case', toEvent(notice));
            });
            return () => {
              unsubscribe();
              filter.stop();
            };
          } catch (error) {
            filter.stop();
            throw error;
          }
        },
      });
    },
  );
};
