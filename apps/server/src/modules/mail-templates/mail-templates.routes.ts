import { countedListSchema, errorResponseSchema, errorResponses, messageResponseSchema } from '@cuspid/contracts';
import {
  MAIL_ROUTES,
  mailPreviewSchema,
  mailRenderedSchema,
  mailTemplateDeleteSchema,
  mailTemplateIdQuerySchema,
} from '@cuspid/contracts/mail';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Deps } from '../../deps';
import { mailSchemasOf } from '../../lib/declarations';
import { requireActor } from '../../plugins/authenticate';
import * as service from './mail-templates.service';

const tags = ['mail'];
const permission = 'backoffice-mail-template' as const;

export const mailTemplatesRoutes: FastifyPluginAsyncZod<{ deps: Deps }> = async (app, { deps }) => {
  const mail = mailSchemasOf(deps.declared);
  app.get(
    MAIL_ROUTES.listTemplates,
    {
      config: { permission },
      schema: {
        tags,
        summary: 'List mail templates (paged with limit_start and limit_count)',
        querystring: mail.templateListQuery,
        response: { 200: countedListSchema(mail.template), ...errorResponses },
      },
    },
    (request) => service.listTemplates(deps, request.query),
  );

  app.get(
    MAIL_ROUTES.templateById,
    {
      config: { permission },
      schema: {
        tags,
        summary: 'One mail template',
        querystring: mailTemplateIdQuerySchema,
        response: { 200: mail.template, ...errorResponses },
      },
    },
    (request) => service.getTemplate(deps, request.query.id),
  );

  app.post(
    MAIL_ROUTES.createTemplate,
    {
      config: { permission },
      schema: {
        tags,
        summary: 'Create a mail template',
        body: mail.templateCreate,
        response: { 201: mail.template, ...errorResponses },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await service.createTemplate(deps, requireActor(request), request.body)),
  );

  app.post(
    MAIL_ROUTES.updateTemplate,
    {
      config: { permission },
      schema: {
        tags,
        summary: 'Update a mail template',
        body: mail.templateUpdate,
        response: { 200: mail.template, ...errorResponses },
      },
    },
    (request) => service.updateTemplate(deps, requireActor(request), request.body),
  );

  app.post(
    MAIL_ROUTES.deleteTemplate,
    {
      config: { permission },
      schema: {
        tags,
        summary: 'Delete a mail template (not while an event is assigned to it)',
        body: mailTemplateDeleteSchema,
        response: { 200: messageResponseSchema, 409: errorResponseSchema, ...errorResponses },
      },
    },
    (request) => service.deleteTemplate(deps, requireActor(request), request.body.id),
  );

  app.post(
    MAIL_ROUTES.previewTemplate,
    {
      config: { permission },
      schema: {
        tags,
        summary: 'Render an unsaved subject and body with example values',
        body: mailPreviewSchema,
        response: { 200: mailRenderedSchema, ...errorResponses },
      },
    },
    (request) => service.previewTemplate(request.body),
  );
};
