import type { IncomingMessage } from 'node:http';
import { idParamsSchema } from '@cuspid/contracts';
import { completeUploadBodySchema, UPLOAD_ROUTES as R, uploadSchema } from '@cuspid/contracts/uploads';
import { Server as TusServer } from '@tus/server';
import type { FastifyBaseLogger, FastifyInstance, FastifyReply, FastifyRequest, onSendHookHandler } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Deps } from '../../deps';
import { AppError } from '../../lib/errors';
import { requireActor } from '../../plugins/authenticate';
import { BeyondLengthError, HashingFileStore } from './uploads.hashing-store';
import { createUploadsService, removeStaging, stagedSize, type UploadsService } from './uploads.service';
import { type Creation, checkCreation, checkPatch, checkTusVersion, declaredLength, TUS_VERSION } from './uploads.tus';

const PERMISSION = 'backoffice-case-instance' as const;
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
/** Headers of tus's answers the app sets itself (CORS, body framing): not copied from tus. */
const APP_HEADERS = new Set([
  'content-type',
  'content-length',
  'access-control-allow-origin',
  'access-control-allow-credentials',
  'access-control-expose-headers',
]);

/** The id the route layer chose for a creation, read back by tus's naming function. */
const createdIds = new WeakMap<Request, string>();

function createTusServer(service: UploadsService, datastore: HashingFileStore, path: string) {
  return new TusServer({
    path,
    datastore,
    maxSize: service.maxBytes,
    relativeLocation: true,
    namingFunction: (req) => {
      const id = createdIds.get(req);
      // Only a creation the route layer checked and recorded reaches tus.
      if (!id) throw new Error('a tus creation without a recorded upload');
      return id;
    },
  });
}

/**
 * The request tus sees: method, path, and only the tus headers the route checked, so that tus meets nothing it
 * would refuse. No body: the bytes are the route's (PATCH, and a creation that carries data).
 */
function tusRequest(method: string, path: string, headers: Record<string, string> = {}) {
  return new Request(new URL(path, 'http://uploads.invalid'), {
    method,
    headers: { 'tus-resumable': TUS_VERSION, ...headers },
  });
}

/**
 * Asks tus (the staging folder's bookkeeping: a new upload's files, an offset, the capabilities) and puts its
 * answer on the reply. What tus refuses although the route let it through is answered in the error shape all
 * the same: a staging file gone is the upload not found; anything else is a fault, logged.
 */
async function askTus(tus: TusServer, request: Request, reply: FastifyReply, log: FastifyBaseLogger) {
  const answer = await tus.handleWeb(request);
  if (!answer.ok) {
    if (answer.status === 404) throw new AppError('NOT_FOUND');
    log.error({ status: answer.status, answer: await answer.text() }, 'tus refused a request the routes had checked');
    throw new AppError('INTERNAL');
  }
  for (const [name, value] of answer.headers) if (!APP_HEADERS.has(name)) reply.header(name, value);
  reply.status(answer.status);
}

/**
 * The request's sender stopped before its bytes were in: its connection was reset or closed, or a newer PATCH
 * took over (which closes the older one's request).
 */
function senderStopped(err: unknown): boolean {
  const code = (err as NodeJS.ErrnoException | undefined)?.code;
  return code === 'ECONNRESET' || code === 'ERR_STREAM_PREMATURE_CLOSE';
}

/**
 * The bytes of PATCH requests (and of a creation that carries data), written by the store straight from the
 * request (ADR 0100), and stored once the last one is in. One request per upload at a time: a newer one stops
 * the one still running (its client has given up on that connection) and goes on from where the older ended.
 */
function createReceiver(service: UploadsService, datastore: HashingFileStore) {
  const running = new Map<string, { stop(): void; done: Promise<unknown> }>();
  const stop = async (id: string) => {
    for (let current = running.get(id); current; current = running.get(id)) {
      current.stop();
      await current.done.catch(() => undefined);
    }
  };

  async function receive(source: IncomingMessage, row: { id: string; size: number }, offset: number, declared: number) {
    await stop(row.id);
    const staged = await stagedSize(service.stagingDir, row.id);
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
  }

  return {
    stop,
    /**
     * Takes the request's bytes into the upload at `offset` and stores the file once its last byte is in;
     * answers the offset reached. A client that went away is no fault of the server: logged at info, and what
     * arrived stays for the resume.
     */
    async take(request: FastifyRequest, row: { id: string; size: number }, offset: number, declared: number) {
      const reached = await receive(request.raw, row, offset, declared).catch((err: unknown) => {
        if (!senderStopped(err)) throw err;
        request.log.info({ uploadId: row.id }, 'the client stopped sending before the announced bytes arrived');
        throw new AppError('BAD_REQUEST', { message: 'The upload stopped before the announced bytes arrived' });
      });
      if (reached === row.size) {
        try {
          await service.store(row.id, datastore.takeSha256(row.id, row.size));
        } catch (err) {
          // A scan refused by its check answers why; anything else is a failure to store it.
          if (err instanceof AppError) throw err;
          throw new AppError('UPLOAD_STORE_FAILED');
        }
      }
      return reached;
    },
  };
}

/**
 * Every tus answer, refusals included: the protocol version (tus 1.0 asks for it on every answer), what a page on
 * another origin may read of it, no caching; and a refusal that left the body unread closes the connection (the
 * rest of a 32 MB chunk is not read only to be thrown away).
 */
const tusAnswer: onSendHookHandler = (request, reply, payload, done) => {
  reply
    .header('tus-resumable', TUS_VERSION)
    .header('access-control-expose-headers', TUS_EXPOSED_HEADERS.join(', '))
    .header('cache-control', 'no-store');
  if (reply.statusCode >= 400 && !request.raw.complete) reply.header('connection', 'close');
  done(null, payload);
};

/** An answer in tus's terms for an upload tus no longer holds (stored or verified): offset and length. */
function sendFinishedHead(reply: FastifyReply, size: number) {
  return reply.status(200).header('upload-offset', String(size)).header('upload-length', String(size)).send();
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
  const tusPath = `${appBase.prefix}${R.tus}`;
  const datastore = new HashingFileStore({ directory: service.stagingDir });
  const tus = createTusServer(service, datastore, tusPath);
  const receiver = createReceiver(service, datastore);

  // tus's PATCH body (and a creation with data): left unread for the receiver to stream to the staging file.
  app.addContentTypeParser('application/offset+octet-stream', (_request, _payload, done) => done(null));

  /**
   * An upload in progress that is cancelled, or whose creation failed: its record first (a PATCH finishing
   * meanwhile then stores nothing for it), then the PATCH still running, then the staging file.
   */
  async function cancelInProgress(id: string) {
    await service.forget(id);
    await receiver.stop(id);
    datastore.forget(id);
    await removeStaging(service.stagingDir, id);
  }

  /** tus creates the staging file of a recorded upload and answers its Location. */
  async function createStaging(request: FastifyRequest, reply: FastifyReply, id: string, creation: Creation) {
    const created = tusRequest('POST', tusPath, {
      'upload-length': String(creation.size),
      'upload-metadata': creation.metadata,
    });
    createdIds.set(created, id);
    await askTus(tus, created, reply, request.log);
  }

  const tusRoute = (text: string) => ({
    config,
    onSend: tusAnswer,
    schema: {
      tags,
      summary: text,
      description: 'tus 1.0 (https://tus.io/protocols/resumable-upload): headers carry the protocol.',
    },
  });
  const tusUploadRoute = (text: string) => {
    const route = tusRoute(text);
    return { ...route, schema: { ...route.schema, params: idParamsSchema } };
  };

  app.options(R.tus, tusRoute('tus capabilities (versions, extensions, largest size)'), async (request, reply) => {
    await askTus(tus, tusRequest('OPTIONS', tusPath), reply, request.log);
    return reply.send();
  });

  app.post(
    R.tus,
    tusRoute('Start a scan upload (headers Upload-Length, Upload-Metadata with filename); answers its Location'),
    async (request, reply) => {
      const actor = requireActor(request);
      // Every header is checked before the record is written: a refusal leaves nothing behind.
      const creation = checkCreation(request.headers, service.maxBytes);
      const row = await service.create(actor, creation);
      try {
        await createStaging(request, reply, row.id, creation);
        if (creation.withData) {
          const reached = await receiver.take(request, row, 0, declaredLength(request.headers));
          reply.header('upload-offset', String(reached));
        }
      } catch (err) {
        // The client got no Location to resume from: nothing of the creation may stay.
        await cancelInProgress(row.id);
        throw err;
      }
      return reply.send();
    },
  );

  // On an upload's URL, the upload is looked up first: another user's or company's id answers 404 whatever
  // else the request gets wrong, so that its answer never differs from an id that does not exist.
  app.head(`${R.tus}/:id`, tusUploadRoute('Offset of a scan upload (to resume it)'), async (request, reply) => {
    const row = await service.findOwn(requireActor(request), request.params.id);
    checkTusVersion(request.headers);
    // A tus client starts anew when its upload is gone (410). A refused one has all its bytes: a client that
    // missed the answer to its last one learns the reason from the completion, without sending the file again.
    if (row.status === 'failed' || row.status === 'consumed') throw new AppError('UPLOAD_GONE');
    if (row.status !== 'uploading') return sendFinishedHead(reply, row.size);
    await askTus(tus, tusRequest('HEAD', `${tusPath}/${row.id}`), reply, request.log);
    return reply.send();
  });

  app.patch(`${R.tus}/:id`, tusUploadRoute('Send bytes of a scan upload at Upload-Offset'), async (request, reply) => {
    const row = await service.findOwn(requireActor(request), request.params.id);
    const { offset, declared } = checkPatch(request.headers, service.maxBytes);
    if (row.status !== 'uploading') throw new AppError('UPLOAD_NOT_IN_PROGRESS');
    const reached = await receiver.take(request, row, offset, declared);
    return reply.status(204).header('upload-offset', String(reached)).send();
  });

  app.delete(
    `${R.tus}/:id`,
    tusUploadRoute('Cancel a scan upload (staging file or stored object, and record)'),
    async (request, reply) => {
      const actor = requireActor(request);
      const row = await service.findOwn(actor, request.params.id);
      checkTusVersion(request.headers);
      if (row.status === 'uploading') await cancelInProgress(row.id);
      else await service.discard(actor, row.id);
      return reply.status(204).send();
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
