import { errorResponseSchema, errorResponses, idParamsSchema } from '@cuspid/contracts';
import {
  CASE_PERMISSIONS,
  CASE_ROUTES,
  caseResultSchema,
  caseResultsSchema,
  saveRatingSchema,
  updateResultStatusSchema,
} from '@cuspid/contracts/cases';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Deps } from '../../deps';
import { requireActor } from '../../plugins/authenticate';
import { sendDownload } from '../cases';
import { resultFileDownload, resultZipDownload } from './case-results.files';
import * as results from './case-results.service';

const tags = ['cases'];
const P = CASE_PERMISSIONS;
const binary = z.any().describe('the file');
const conflict = { 409: errorResponseSchema, 423: errorResponseSchema };

/** A case's result versions (spec sections 3, 7; ADR 0101, 0102): reading, rating, result status, downloads. */
export const caseResultsRoutes: FastifyPluginAsyncZod<{ deps: Deps }> = async (app, { deps }) => {
  app.get(
    CASE_ROUTES.results(':id'),
    {
      config: { permission: P.read },
      schema: {
        tags,
        summary: "A case's result versions with their files and ratings, newest first",
        params: idParamsSchema,
        response: { 200: caseResultsSchema, ...errorResponses },
      },
    },
    (request) => results.caseResults(deps, requireActor(request), request.params.id),
  );

  app.post(
    CASE_ROUTES.saveRating,
    {
      config: { permission: P.read },
      schema: {
        tags,
        summary: 'Rate a result version: 1–5 stars, structured reasons and a comment (again: replaces yours)',
        body: saveRatingSchema,
        response: { 200: caseResultSchema, 423: errorResponseSchema, ...errorResponses },
      },
    },
    (request) => results.saveRating(deps, requireActor(request), request.body),
  );

  app.post(
    CASE_ROUTES.updateResultStatus,
    {
      config: { permission: [P.status, P.engine] },
      schema: {
        tags,
        summary: 'Move a result version to another status (back office, or the engine for its own results)',
        body: updateResultStatusSchema,
        response: { 200: caseResultSchema, ...conflict, ...errorResponses },
      },
    },
    (request) => results.updateResultStatus(deps, requireActor(request), request.body),
  );

  app.get(
    CASE_ROUTES.resultFile(':id'),
    {
      config: { permission: P.read },
      schema: {
        tags,
        summary: 'Download one file of a result version',
        params: idParamsSchema,
        response: { 200: binary, ...errorResponses },
      },
    },
    async (request, reply) =>
      sendDownload(reply, await resultFileDownload(deps, requireActor(request), request.params.id)),
  );

  app.get(
    CASE_ROUTES.resultZip(':id'),
    {
      config: { permission: P.read },
      schema: {
        tags,
        summary: "Download a result version's files as one ZIP (streamed)",
        params: idParamsSchema,
        response: { 200: binary, ...errorResponses },
      },
    },
    async (request, reply) =>
      sendDownload(reply, await resultZipDownload(deps, requireActor(request), request.params.id)),
  );
};
