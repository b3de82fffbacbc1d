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
    const source = Readable.from([data.subarray(0, 20_000), data.subarray(20_000)]);
    await expect(store.receive(source, 'c', 0, 25_000)).rejects.toBeInstanceOf(BeyondLengthError);
    const { size } = await stat(path.join(dir, 'c'));
    expect(size).toBeLessThanOrEqual(20_000);
    expect(store.takeSha256('c', 25_000)).toBeNull();
  });
});
