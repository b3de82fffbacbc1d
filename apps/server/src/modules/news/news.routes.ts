import { errorResponses, idParamsSchema, messageResponseSchema, totalListSchema } from '@cuspid/contracts';
import {
  NEWS_PERMISSION,
  NEWS_ROUTES,
  newsFeedItemSchema,
  newsFeedQuerySchema,
  newsFeedSchema,
  newsInputSchema,
  newsListQuerySchema,
  newsSchema,
  newsUpdateSchema,
} from '@cuspid/contracts/news';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Deps } from '../../deps';
import { requestLanguage } from '../../lib/request-language';
import { requireActor } from '../../plugins/authenticate';
import * as service from './news.service';

const tags = ['news'];
const permission = NEWS_PERMISSION;

export const newsRoutes: FastifyPluginAsyncZod<{ deps: Deps }> = async (app, { deps }) => {
  app.get(
    NEWS_ROUTES.news,
    {
      config: { permission },
      schema: {
        tags,
        summary: 'List news (paged; search by subject, language and status filters)',
        querystring: newsListQuerySchema,
        response: { 200: totalListSchema(newsSchema), ...errorResponses },
      },
    },
    (request) => service.listNews(deps, request.query),
  );

  app.post(
    NEWS_ROUTES.news,
    {
      config: { permission },
      schema: {
        tags,
        summary: 'Create a news item (its body is sanitised; published at publish_at, at once without it)',
        body: newsInputSchema,
        response: { 201: newsSchema, ...errorResponses },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await service.createNews(deps, requireActor(request), request.body)),
  );

  app.get(
    NEWS_ROUTES.newsItem(':id'),
    {
      config: { permission },
      schema: {
        tags,
        summary: 'One news item',
        params: idParamsSchema,
        response: { 200: newsSchema, ...errorResponses },
      },
    },
    (request) => service.getNews(deps, request.params.id),
  );

  app.put(
    NEWS_ROUTES.newsItem(':id'),
    {
      config: { permission },
      schema: {
        tags,
        summary: 'Update a news item',
        params: idParamsSchema,
        body: newsUpdateSchema,
        response: { 200: newsSchema, ...errorResponses },
      },
    },
    (request) => service.updateNews(deps, requireActor(request), request.params.id, request.body),
  );

  app.delete(
    NEWS_ROUTES.newsItem(':id'),
    {
      config: { permission },
      schema: {
        tags,
        summary: 'Delete a news item and its read markers',
        params: idParamsSchema,
        response: { 200: messageResponseSchema, ...errorResponses },
      },
    },
    (request) => service.deleteNews(deps, requireActor(request), request.params.id),
  );

  app.get(
    NEWS_ROUTES.feed,
    {
      schema: {
        tags,
        summary:
          "The caller's published news in a language (else Accept-Language, else en; en where it has none), newest first, with read markers",
        querystring: newsFeedQuerySchema,
        response: { 200: newsFeedSchema, ...errorResponses },
      },
    },
    (request) =>
      service.listFeed(
        deps,
        requireActor(request),
        requestLanguage(request.query.language, request.headers['accept-language']),
        request.query,
      ),
  );

  app.get(
    NEWS_ROUTES.feedItem(':id'),
    {
      schema: {
        tags,
        summary: 'One published news item meant for the caller (404 outside its audience)',
        params: idParamsSchema,
        response: { 200: newsFeedItemSchema, ...errorResponses },
      },
    },
    (request) => service.getFeedItem(deps, requireActor(request), request.params.id),
  );

  app.post(
    NEWS_ROUTES.markRead(':id'),
    {
      schema: {
        tags,
        summary: 'Mark a news item of the feed read for the caller',
        params: idParamsSchema,
        response: { 200: newsFeedItemSchema, ...errorResponses },
      },
    },
    (request) => service.markRead(deps, requireActor(request), request.params.id),
  );
};
