// The endpoint against the real tus client the web uses (tus-js-client, here on Node): chunked upload,
// an interruption, resumption from the stored URL (what a page reload does), and a finished upload picked again.
import { createHash } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import * as tus from 'tus-js-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, createTestUser, loginAs, type TestContext } from '../../../test/setup-app';
import { scanOfSize } from '../../../test/uploads';

type PreviousUpload = Awaited<ReturnType<tus.Upload['findPreviousUploads']>>[number];

/** What the browser's localStorage is to tus-js-client: URLs of started uploads by file fingerprint. */
function memoryUrlStorage() {
  const entries = new Map<string, PreviousUpload & { fingerprint: string }>();
  let next = 0;
  return {
    entries,
    findAllUploads: async () => [...entries.values()],
    findUploadsByFingerprint: async (fingerprint: string) =>
      [...entries.values()].filter((entry) => entry.fingerprint === fingerprint),
    removeUpload: async (key: string) => {
      entries.delete(key);
    },
    addUpload: async (fingerprint: string, upload: PreviousUpload) => {
      const key = `tus::${fingerprint}::${next++}`;
      entries.set(key, { ...upload, urlStorageKey: key, fingerprint });
      return key;
    },
  };
}

let ctx: TestContext;
let token: string;
let endpoint: string;
beforeAll(async () => {
  ctx = await createTestApp();
  const user = await createTestUser(ctx.deps, { roles: ['end-user'] });
  token = (await loginAs(ctx.app, user.mail)).token;
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  endpoint = `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}/api/uploads`;
}, 60_000);
afterAll(() => ctx?.close());

describe('tus-js-client against the scan upload endpoint', () => {
  it('uploads in chunks, resumes after an abort from the stored URL, and knows a finished upload when picked again', async () => {
    // A scan of a little over 5 MB: six chunks, the last one short.
    const data = scanOfSize(5 * 1024 * 1024 + 100_000);
    const urlStorage = memoryUrlStorage();
    const offsetsSent: string[] = [];
    const options = (handlers: Partial<tus.UploadOptions>): tus.UploadOptions => ({
      endpoint,
      chunkSize: 1024 * 1024,
      retryDelays: [0, 100],
      metadata: { filename: 'Patient UpperJaw.stl', filetype: 'model/stl' },
      headers: bearer(token),
      urlStorage,
      fingerprint: async () => 'scan-fingerprint',
      storeFingerprintForResuming: true,
      removeFingerprintOnSuccess: false,
      onBeforeRequest: (request) => {
        if (request.getMethod() === 'PATCH') offsetsSent.push(request.getHeader('Upload-Offset') ?? '');
      },
      ...handlers,
    });

    // First attempt: stopped after two chunks (a closed tab, a lost connection).
    await new Promise<void>((resolve, reject) => {
      const first = new tus.Upload(
        data,
        options({
          onChunkComplete: (_size, accepted) => {
            if (accepted >= 2 * 1024 * 1024) void first.abort().then(resolve);
          },
          onError: reject,
          onSuccess: () => reject(new Error('finished before it was stopped')),
        }),
      );
      first.start();
    });
    expect(urlStorage.entries.size).toBe(1);

    // Picked again: the stored URL is found and the upload continues from the server's offset.
    const uploadUrl = await new Promise<string>((resolve, reject) => {
      const again = new tus.Upload(data, options({ onError: reject, onSuccess: () => resolve(again.url!) }));
      void again.findPreviousUploads().then((previous) => {
        expect(previous).toHaveLength(1);
        again.resumeFromPreviousUpload(previous[0]!);
        again.start();
      });
    });
    const resumedAt = offsetsSent.indexOf('2097152', 2);
    expect(offsetsSent.slice(0, 2)).toEqual(['0', '1048576']);
    expect(resumedAt).toBe(2); // the second attempt's first PATCH starts where the first stopped
    expect(offsetsSent.at(-1)).toBe(String(5 * 1024 * 1024));

    const id = uploadUrl.split('/').pop()!;
    const sha256 = createHash('sha256').update(data).digest('hex');
    const completed = await ctx.app.inject({
      method: 'POST',
      url: `/api/uploads/${id}/complete`,
      headers: bearer(token),
      payload: { sha256 },
    });
    expect(completed.json()).toMatchObject({ status: 'verified', size: data.length, sha256 });

    // Picked once more after it finished: HEAD answers the whole length, nothing is sent again.
    const patchesBefore = offsetsSent.length;
    await new Promise<void>((resolve, reject) => {
      const third = new tus.Upload(data, options({ onError: reject, onSuccess: () => resolve() }));
      void third.findPreviousUploads().then((previous) => {
        third.resumeFromPreviousUpload(previous[0]!);
        third.start();
      });
    });
    expect(offsetsSent.length).toBe(patchesBefore);
  });

  it('reports the size limit as a final error, not retried', async () => {
    const error = await new Promise<tus.DetailedError>((resolve) => {
      const upload = new tus.Upload(Buffer.alloc(10), {
        endpoint,
        uploadSize: 524_288_001,
        metadata: { filename: 'upper.stl' },
        headers: bearer(token),
        retryDelays: [0, 100, 200],
        onError: (e) => resolve(e as tus.DetailedError),
      });
      upload.start();
    });
    expect(error.originalResponse?.getStatus()).toBe(413);
    expect(error.originalResponse?.getBody()).toContain('The file is larger than 500 MB');
  });

  it('reports a file that is no scan as a final error at its last byte, with the reason, not retried', async () => {
    const patches: string[] = [];
    const error = await new Promise<tus.DetailedError>((resolve, reject) => {
      const upload = new tus.Upload(Buffer.from('Dear colleague, the scans follow.\n'), {
        endpoint,
        metadata: { filename: 'Patient UpperJaw.stl' },
        headers: bearer(token),
        retryDelays: [0, 100, 200],
        onBeforeRequest: (request) => {
          if (request.getMethod() === 'PATCH') patches.push(request.getHeader('Upload-Offset') ?? '');
        },
        onError: (e) => resolve(e as tus.DetailedError),
        onSuccess: () => reject(new Error('a letter was taken as a scan')),
      });
      upload.start();
    });
    expect(error.originalResponse?.getStatus()).toBe(422);
    expect(JSON.parse(error.originalResponse?.getBody() ?? '{}')).toMatchObject({
      code: 'UPLOAD_NOT_A_SCAN',
      message: 'Not a scan file: Patient UpperJaw.stl is not an STL, PLY or OBJ mesh',
      params: { name: 'Patient UpperJaw.stl' },
    });
    expect(patches).toEqual(['0']);
  });
});
