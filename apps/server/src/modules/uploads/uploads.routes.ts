import type { IncomingMessage } from 'node:http';
import { idParamsSchema } from '@cuspid/contracts';
import { completeUploadBodySchema, UPLOAD_ROUTES as R, uploadSchema } from '@cuspid/contracts/uploads';
import { Server as TusServer } from '@tus/server';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Deps } from '../../deps';
import { AppError } from '../../lib/errors';
import { requireActor } from '../../plugins/authenticate';
import { BeyondLengthError, HashingFileStore } from './uploads.hashing-store';
import { checkCreation, createUploadsService, stagedSize, tooLarge, type UploadsService } from './uploads.service';

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

function createTusServer(deps: Deps, service: UploadsService, datastore: HashingFileStore, path: string) {
  const corsOrigins = deps.config.corsOrigins;
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

/** A PATCH's tus headers: the protocol version, the content type, and the offset it continues at. */
function checkPatch(headers: FastifyRequest['headers']): number {
  if (headers['tus-resumable'] !== TUS_VERSION) {
    throw new AppError('BAD_REQUEST', { message: `Tus-Resumable must be ${TUS_VERSION}` });
  }
  if (headers['content-type']?.split(';')[0]?.trim() !== 'application/offset+octet-stream') {
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', {
      message: 'A tus PATCH sends its bytes as content-type application/offset+octet-stream',
    });
  }
  const offset = headers['upload-offset'];
  if (typeof offset !== 'string' || !/^\d{1,16}$/.test(offset)) {
    throw new AppError('BAD_REQUEST', { message: 'Upload-Offset must be a whole number of bytes' });
  }
  return Number(offset);
}

/**
 * The bytes of PATCH requests, written by the store straight from the request (ADR 0100). One PATCH per upload
 * at a time: a newer one stops the one still running (its client has given up on that connection) and goes on
 * from where the older one ended.
 */
function createReceiver(datastore: HashingFileStore, stagingDir: string) {
  const running = new Map<string, { stop(): void; done: Promise<unknown> }>();
  const stop = async (id: string) => {
    for (let current = running.get(id); current; current = running.get(id)) {
      current.stop();
      await current.done.catch(() => undefined);
    }
  };
  return {
    stop,
    async receive(source: IncomingMessage, row: { id: string; size: number }, offset: number, declared: number) {
      await stop(row.id);
      const staged = await stagedSize(stagingDir, row.id);
      if (staged === null) throw new AppError('NOT_FOUND');
      if (offset !== staged) throw new AppError('UPLOAD_OFFSET_MISMATCH', { params: { offset: staged } });
      const room = row.size - offset;
      if (declared > room) throw new AppError('UPLOAD_BEYOND_LENGTH', { params: { size: row.size } });
      const done = datastore.receive(source, row.id, offset, room);
      running.set(row.id, { stop: () => source.destroy(), done });
      try {
        return await done;
      } catch (err) {
        if (err instanceof BeyondLengthError) {
          throw new AppError('UPLOAD_BEYOND_LENGTH', { params: { size: row.size } });
        }
        throw err;
      } finally {
        if (running.get(row.id)?.done === done) running.delete(row.id);
      }
    },
  };
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
  const datastore = new HashingFileStore({ directory: service.stagingDir });
  const tus = createTusServer(deps, service, datastore, `${appBase.prefix}${R.tus}`);
  const receiver = createReceiver(datastore, service.stagingDir);

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
      const offset = checkPatch(request.headers);
      const reached = await receiver.receive(request.raw, row, offset, declared).catch((err: unknown) => {
        // A refusal before the body was read to its end: the connection cannot carry another request.
        if (!request.raw.complete) reply.header('connection', 'close');
        throw err;
      });
      if (reached === row.size) {
        try {
          await service.store(row.id, datastore.takeSha256(row.id, row.size));
        } catch {
          throw new AppError('UPLOAD_STORE_FAILED');
        }
      }
      return reply
        .status(204)
        .header('tus-resumable', TUS_VERSION)
        .header('upload-offset', String(reached))
        .header('access-control-expose-headers', TUS_EXPOSED_HEADERS.join(', '))
        .send();
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
        await receiver.stop(row.id);
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
