import { errorResponses, totalListSchema } from '@cuspid/contracts';
import { MAIL_ASSIGNMENT_ROUTES } from '@cuspid/contracts/mail';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Deps } from '../../deps';
import { mailSchemasOf } from '../../lib/declarations';
import { requireActor } from '../../plugins/authenticate';
import * as service from './mail-template-assignments.service';

const tags = ['mail template assignments'];
const permission = 'backoffice-mail-template-assignment' as const;

export const mailTemplateAssignmentsRoutes: FastifyPluginAsyncZod<{ deps: Deps }> = async (app, { deps }) => {
  const mail = mailSchemasOf(deps.declared);
  const listSchema = totalListSchema(mail.assignment);
  app.get(
    MAIL_ASSIGNMENT_ROUTES.list,
    {
      config: { permission },
      schema: {
        tags,
        summary: 'Which template each mail event uses',
        response: { 200: listSchema, ...errorResponses },
      },
    },
    () => service.listAssignments(deps),
  );

  app.get(
    MAIL_ASSIGNMENT_ROUTES.byModule,
    {
      config: { permission },
      schema: {
        tags,
        summary: 'The assignments of one module (registration, user, case, invoice, payment, ticket)',
        querystring: mail.assignmentModuleQuery,
        response: { 200: listSchema, ...errorResponses },
      },
    },
    (request) => service.listAssignmentsByModule(deps, request.query.module),
  );

  app.post(
    MAIL_ASSIGNMENT_ROUTES.save,
    {
      config: { permission },
      schema: {
        tags,
        summary: 'Assign templates to events',
        body: mail.assignmentsSave,
        response: { 200: listSchema.extend({ message: z.string() }), ...errorResponses },
      },
    },
    (request) => service.saveAssignments(deps, requireActor(request), request.body),
  );
};
