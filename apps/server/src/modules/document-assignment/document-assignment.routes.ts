import {
  DOCUMENT_ASSIGNMENT_ROUTE,
  documentAssignmentListSchema,
  saveDocumentAssignmentBodySchema,
} from '@cuspid/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Deps } from '../../deps';
import { requireActor } from '../../plugins/authenticate';
import { getDocumentAssignments, saveDocumentAssignments } from './document-assignment.service';

const permission = 'backoffice-document-assignment' as const;

/** GET and POST /api/global-settings/document-assignment: which template serves which document. */
export function documentAssignmentRoutes(appBase: FastifyInstance, deps: Deps) {
  const app = appBase.withTypeProvider<ZodTypeProvider>();
  const tags = ['document assignment'];
  app.get(
    DOCUMENT_ASSIGNMENT_ROUTE,
    { config: { permission }, schema: { tags, response: { 200: documentAssignmentListSchema } } },
    async () => getDocumentAssignments(deps),
  );
  app.post(
    DOCUMENT_ASSIGNMENT_ROUTE,
    {
      config: { permission },
      schema: { tags, body: saveDocumentAssignmentBodySchema, response: { 200: documentAssignmentListSchema } },
    },
    async (request) => saveDocumentAssignments(deps, requireActor(request), request.body),
  );
}
