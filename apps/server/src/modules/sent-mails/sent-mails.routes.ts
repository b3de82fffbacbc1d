import { countedListSchema, errorResponses } from '@cuspid/contracts';
import {
  MAIL_ROUTES,
  mailTemplateIdQuerySchema,
  sendMailResponseSchema,
  sentMailListQuerySchema,
  sentMailSchema,
} from '@cuspid/contracts/mail';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Deps } from '../../deps';
import { mailSchemasOf } from '../../lib/declarations';
import { requireActor } from '../../plugins/authenticate';
import * as service from './sent-mails.service';

const tags = ['mail'];
const permission = 'backoffice-mail-template' as const;

export const sentMailsRoutes: FastifyPluginAsyncZod<{ deps: Deps }> = async (app, { deps }) => {
  const mail = mailSchemasOf(deps.declared);
  app.post(
    MAIL_ROUTES.sendMail,
    {
      // Sending any template to any address is a back-office tool: the template permission guards it.
      config: { permission },
      schema: {
        tags,
        summary: 'Send a template, or the template of an event, to one address (through the outbox)',
        body: mail.sendMailBody,
        response: { 202: sendMailResponseSchema, ...errorResponses },
      },
    },
    async (request, reply) =>
      reply.status(202).send(await service.sendMailCall(deps, requireActor(request), request.body)),
  );

  app.get(
    MAIL_ROUTES.listSentMails,
    {
      config: { permission },
      schema: {
        tags,
        summary: 'The outbox: every mail with its status, attempts and last error (newest first)',
        querystring: sentMailListQuerySchema,
        response: { 200: countedListSchema(sentMailSchema), ...errorResponses },
      },
    },
    (request) => service.listSentMails(deps, requireActor(request), request.query),
  );

  app.get(
    MAIL_ROUTES.sentMailById,
    {
      config: { permission },
      schema: {
        tags,
        summary: 'One mail of the outbox with its content',
        querystring: mailTemplateIdQuerySchema,
        response: { 200: sentMailSchema, ...errorResponses },
      },
    },
    (request) => service.getSentMail(deps, requireActor(request), request.query.id),
  );
};
