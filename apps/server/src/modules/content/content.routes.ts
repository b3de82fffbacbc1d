import { errorResponses } from '@cuspid/contracts';
import {
  CONTENT_ROUTES,
  contentQuerySchema,
  dataPrivacyAnswerSchema,
  faqAnswerSchema,
  GLOBAL_CONFIGURATION_PERMISSION,
  globalConfigurationInputSchema,
  globalConfigurationSchema,
} from '@cuspid/contracts/content';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Deps } from '../../deps';
import { requestLanguage } from '../../lib/request-language';
import { requireActor } from '../../plugins/authenticate';
import * as service from './content.service';

const tags = ['content'];
const permission = GLOBAL_CONFIGURATION_PERMISSION;

export const contentRoutes: FastifyPluginAsyncZod<{ deps: Deps }> = async (app, { deps }) => {
  app.get(
    CONTENT_ROUTES.getGlobalConfiguration,
    {
      config: { permission },
      schema: {
        tags,
        summary: 'The global configuration: the FAQ and the data-privacy text of every language',
        response: { 200: globalConfigurationSchema, ...errorResponses },
      },
    },
    () => service.getGlobalConfiguration(deps),
  );

  app.post(
    CONTENT_ROUTES.saveGlobalConfiguration,
    {
      config: { permission },
      schema: {
        tags,
        summary:
          'Save the global configuration: the help content of every language kept (English required; privacy texts sanitised)',
        body: globalConfigurationInputSchema,
        response: { 200: globalConfigurationSchema, ...errorResponses },
      },
    },
    (request) => service.saveGlobalConfiguration(deps, requireActor(request), request.body),
  );

  app.get(
    CONTENT_ROUTES.faq,
    {
      schema: {
        tags,
        summary: 'The FAQ in a language (else Accept-Language, else en), the English one where it has none',
        querystring: contentQuerySchema,
        response: { 200: faqAnswerSchema, ...errorResponses },
      },
    },
    (request) => service.getFaq(deps, requestLanguage(request.query.language, request.headers['accept-language'])),
  );

  app.get(
    CONTENT_ROUTES.dataPrivacy,
    {
      schema: {
        tags,
        summary:
          'The data-privacy text in a language (else Accept-Language, else en), the English one where it has none',
        querystring: contentQuerySchema,
        response: { 200: dataPrivacyAnswerSchema, ...errorResponses },
      },
    },
    (request) =>
      service.getDataPrivacy(deps, requestLanguage(request.query.language, request.headers['accept-language'])),
  );
};
