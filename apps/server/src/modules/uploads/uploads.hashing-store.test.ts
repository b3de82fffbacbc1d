import { createHash, randomBytes } from 'node:crypto';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { Upload } from '@tus/utils';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BeyondLengthError, HashingFileStore } from './uploads.hashing-store';

let dir: string;
let store: HashingFileStore;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'cuspid-hashing-store-'));
  store = new HashingFileStore({ directory: dir });
});
afterAll(() => rm(dir, { recursive: true, force: true }));

const create = (id: string, size: number) => store.create(new Upload({ id, size, offset: 0 }));
const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');

/**
 * A request body that sends `chunks` and then, asked for more, breaks off with `error`, closes early (`'close'`)
 * or waits (`'open'`: the rest of the body has not arrived yet).
 */
function body(chunks: Buffer[], then: Error | 'close' | 'open') {
  const pending = [...chunks];
  return new Readable({
    read() {
      const next = pending.shift();
      if (next) this.push(next);
      else if (then instanceof Error) this.destroy(then);
      else if (then === 'close') this.destroy();
    },
  });
}

describe('the running sha256 of uploads', () => {
  it('is the file’s sha256 when the bytes arrived in order, in one or several writes', async () => {
    const data = randomBytes(100_000);
    await create('a', data.length);
    expect(await store.write(Readable.from([data.subarray(0, 30_000)]), 'a', 0)).toBe(30_000);
    expect(await store.write(Readable.from([data.subarray(30_000)]), 'a', 30_000)).toBe(100_000);
    expect(store.takeSha256('a', data.length)).toBe(sha256(data));
    // Taken once.
    expect(store.takeSha256('a', data.length)).toBeNull();
  });

  it('is unknown after a gap (a resume this process did not see from the start), so the file is read instead', async () => {
    const data = randomBytes(50_000);
    await create('b', data.length);
    await store.write(Readable.from([data.subarray(0, 20_000)]), 'b', 0);
    // A resume from another offset than this process saw last.
    const fresh = new HashingFileStore({ directory: dir });
    await fresh.write(Readable.from([data.subarray(20_000)]), 'b', 20_000);
    expect(fresh.takeSha256('b', data.length)).toBeNull();
    expect(store.takeSha256('b', data.length)).toBeNull();
  });

  it('takes no more than the room it is given: the chunk crossing the line is refused, what came before stays', async () => {
    const data = randomBytes(30_000);
    await create('c', 25_000);
    const source = body([data.subarray(0, 20_000), data.subarray(20_000)], 'open');
    await expect(store.receive(source, 'c', 0, 25_000)).rejects.toBeInstanceOf(BeyondLengthError);
    const { size } = await stat(path.join(dir, 'c'));
    expect(size).toBeLessThanOrEqual(20_000);
    expect(store.takeSha256('c', 25_000)).toBeNull();
    // The source (a request) is left as it is: destroying it would take the 413 along with its connection.
    expect(source.destroyed).toBe(false);
  });

  it('fails when the source breaks off or closes early (the client went away), keeping what arrived', async () => {
    const data = randomBytes(10_000);
    await create('d', 20_000);
    const reset = Object.assign(new Error('aborted'), { code: 'ECONNRESET' });
    await expect(store.receive(body([data], reset), 'd', 0, 20_000)).rejects.toBe(reset);
    expect((await stat(path.join(dir, 'd'))).size).toBeLessThanOrEqual(data.length);
    await create('e', 20_000);
    await expect(store.receive(body([data], 'close'), 'e', 0, 20_000)).rejects.toMatchObject({
      code: 'ERR_STREAM_PREMATURE_CLOSE',
    });
  });
});
