import type { IncomingMessage } from 'node:http';
import { idParamsSchema } from '@cuspid/contracts';
import { completeUploadBodySchema, UPLOAD_ROUTES as R, uploadSchema } from '@cuspid/contracts/uploads';
import { Server as TusServer } from '@tus/server';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Deps } from '../../deps';
import { AppError } from '../../lib/errors';
import { requireActor } from '../../plugins/authenticate';
import { HashingFileStore } from './uploads.hashing-store';
import { checkCreation, createUploadsService, tooLarge, type UploadsService } from './uploads.service';

const PERMISSION = 'backoffice-case-instance' as const;
const TUS_VERSION = '1.0.0';
/** What a browser on another origin must be able to read of a tus answer. */
const TUS_EXPOSED_HEADERS = [
  'Upload-Offset',
  'Upload-Length',
  'Upload-Metadata',
  'Upload-Expires',
  'Location',
  'Tus-Resumable',
  'Tus-Version',
  'Tus-Extension',
  'Tus-Max-Size',
  'X-Request-Id',
];

/** The id the route layer chose for a tus creation request, read back by tus's naming function. */
const createdIds = new WeakMap<IncomingMessage, string>();

type NodeBacked = { runtime?: { node?: { req?: IncomingMessage } } };
const nodeRequestOf = (req: unknown) => (req as NodeBacked).runtime?.node?.req;

function createTusServer(deps: Deps, service: UploadsService, path: string) {
  const corsOrigins = deps.config.corsOrigins;
  const datastore = new HashingFileStore({ directory: service.stagingDir });
  return new TusServer({
    path,
    datastore,
    maxSize: service.maxBytes,
    relativeLocation: true,
    // The app's CORS origins only (tus would answer `*` without this).
    allowedOrigins: (origin) => corsOrigins.includes(origin),
    exposedHeaders: ['X-Request-Id'],
    namingFunction: (req) => {
      const node = nodeRequestOf(req);
      const id = node && createdIds.get(node);
      // Only a creation the route layer checked and recorded reaches tus; anything else is refused.
      if (!id) throw { status_code: 500, body: 'The upload was not recorded\n' };
      return id;
    },
    onUploadFinish: async (_req, upload) => {
      try {
        await service.store(upload.id, datastore.takeSha256(upload.id, upload.size ?? -1));
      } catch {
        throw { status_code: 500, body: 'The uploaded file could not be stored. Please upload it again.\n' };
      }
      return {};
    },
  });
}

/**
 * Hands the request to tus: the raw, unread request (the body streams to the staging file, never
 * buffered) and the raw response. What Fastify's hooks put on the reply (request id, security and
 * CORS headers, no-store) is copied over first, since a hijacked reply sends none of it.
 */
async function passToTus(tus: TusServer, request: FastifyRequest, reply: FastifyReply) {
  for (const [name, value] of Object.entries(reply.getHeaders())) {
    if (value !== undefined) reply.raw.setHeader(name, value as string | number | string[]);
  }
  // The service's onSend hooks do not run for a hijacked reply: what they would add is set here.
  reply.raw.setHeader('cache-control', 'no-store');
  reply.raw.setHeader('x-request-id', request.id);
  reply.raw.setHeader('access-control-expose-headers', TUS_EXPOSED_HEADERS.join(', '));
  reply.hijack();
  await tus.handle(request.raw, reply.raw);
}

/** An answer in tus's terms for an upload tus no longer holds (stored or later): offset and length. */
function sendFinishedHead(reply: FastifyReply, size: number, gone: boolean) {
  reply
    .status(gone ? 410 : 200)
    .header('tus-resumable', TUS_VERSION)
    .header('access-control-expose-headers', TUS_EXPOSED_HEADERS.join(', '));
  if (!gone) reply.header('upload-offset', String(size)).header('upload-length', String(size));
  return reply.send();
}

/**
 * Scan uploads (ADR 0100): the tus 1.0 endpoint (`POST/HEAD/PATCH/DELETE/OPTIONS /uploads[/{id}]`),
 * the record (`GET /uploads/{id}`) and the checksum confirmation (`POST /uploads/{id}/complete`).
 * Every call is authenticated by the service's hook and needs backoffice-case-instance; an upload is
 * its user's, in their company (another company's upload id answers 404).
 */
export async function uploadsRoutes(appBase: FastifyInstance, { deps }: { deps: Deps }) {
  const app = appBase.withTypeProvider<ZodTypeProvider>();
  const service = createUploadsService(deps);
  const tags = ['uploads'];
  const config = { permission: PERMISSION };
  // The tus path as requests arrive (with the service prefix): the id is the segment after it.
  const tus = createTusServer(deps, service, `${appBase.prefix}${R.tus}`);

  // tus's PATCH body (and a creation with data): left unread for tus to stream to the staging file.
  app.addContentTypeParser('application/offset+octet-stream', (_request, _payload, done) => done(null));

  const tusDescription = (text: string) => ({
    tags,
    summary: text,
    description: 'tus 1.0 (https://tus.io/protocols/resumable-upload): headers carry the protocol.',
  });

  app.options(
    R.tus,
    { config, schema: tusDescription('tus capabilities (versions, extensions, largest size)') },
    (request, reply) => passToTus(tus, request, reply),
  );

  app.post(
    R.tus,
    {
      config,
      schema: tusDescription(
        'Start a scan upload (headers Upload-Length, Upload-Metadata with filename); answers its Location',
      ),
    },
    async (request, reply) => {
      const actor = requireActor(request);
      const creation = checkCreation(request.headers, service.maxBytes);
      const row = await service.create(actor, creation);
      createdIds.set(request.raw, row.id);
      return passToTus(tus, request, reply);
    },
  );

  app.head(
    `${R.tus}/:id`,
    { config, schema: { ...tusDescription('Offset of a scan upload (to resume it)'), params: idParamsSchema } },
    async (request, reply) => {
      const row = await service.findOwn(requireActor(request), request.params.id);
      if (row.status === 'uploading') return passToTus(tus, request, reply);
      return sendFinishedHead(reply, row.size, row.status === 'failed' || row.status === 'consumed');
    },
  );

  app.patch(
    `${R.tus}/:id`,
    { config, schema: { ...tusDescription('Send bytes of a scan upload at Upload-Offset'), params: idParamsSchema } },
    async (request, reply) => {
      const row = await service.findOwn(requireActor(request), request.params.id);
      if (row.status !== 'uploading') throw new AppError('UPLOAD_NOT_IN_PROGRESS');
      const declared = Number(request.headers['content-length'] ?? 0);
      if (declared > service.maxBytes) throw tooLarge(service.maxBytes);
      return passToTus(tus, request, reply);
    },
  );

  app.delete(
    `${R.tus}/:id`,
    {
      config,
      schema: {
        ...tusDescription('Cancel a scan upload (staging file or stored object, and record)'),
        params: idParamsSchema,
      },
    },
    async (request, reply) => {
      const actor = requireActor(request);
      const row = await service.findOwn(actor, request.params.id);
      if (row.status === 'uploading') {
        // The record first (the answer may reach the client before anything after tus runs); tus then
        // stops a PATCH in flight and removes the staging file (the clean-up takes any it leaves).
        await service.forget(row.id);
        return passToTus(tus, request, reply);
      }
      await service.discard(actor, row.id);
      return reply.status(204).header('tus-resumable', TUS_VERSION).send();
    },
  );

  app.get(
    `${R.tus}/:id`,
    {
      config,
      exposeHeadRoute: false,
      schema: {
        tags,
        summary: 'A scan upload: status, bytes received, checksum',
        params: idParamsSchema,
        response: { 200: uploadSchema },
      },
    },
    async (request) => service.get(requireActor(request), request.params.id),
  );

  app.post(
    `${R.tus}/:id/complete`,
    {
      config,
      schema: {
        tags,
        summary: "Confirm a stored scan upload with the browser's sha256: verified, or 422 (removed)",
        params: idParamsSchema,
        body: completeUploadBodySchema,
        response: { 200: uploadSchema },
      },
    },
    async (request) => service.complete(requireActor(request), request.params.id, request.body.sha256),
  );
}
