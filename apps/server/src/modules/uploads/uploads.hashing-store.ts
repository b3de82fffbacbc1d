import { createHash, type Hash } from 'node:crypto';
import { open } from 'node:fs/promises';
import type http from 'node:http';
import path from 'node:path';
import { finished, type Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { FileStore } from '@tus/file-store';

/** Bytes between two background flushes of a staging file while it receives (see `receive`). */
const FLUSH_EVERY = 16 * 1024 * 1024;

/** More bytes arrived than the upload may still take. */
export class BeyondLengthError extends Error {
  constructor(readonly room: number) {
    super(`more than ${room} bytes arrived`);
  }
}

/**
 * tus's file store with a running sha256 of each upload whose bytes arrive in order in this process, so that a
 * finished upload's checksum is known without reading the file again. A gap (a resume from another offset,
 * a write that stored fewer bytes than passed, a restart) drops the running hash, and the finished file is
 * read instead.
 *
 * `receive` is the write path of PATCH requests: the request body goes straight to the staging file (no web
 * stream in between), hashed on the way, and the written part is flushed to disk in the background every
 * 16 MB, so that the fsync before the file becomes an object has little left to do.
 */
export class HashingFileStore extends FileStore {
  private readonly running = new Map<string, { hash: Hash; offset: number }>();

  constructor(options: ConstructorParameters<typeof FileStore>[0]) {
    super(options);
    // What OPTIONS offers (Tus-Extension) is what is served: a deferred length is refused (the size is checked
    // when the upload starts), and no expiry is announced (the clean-up removes unfinished uploads after a day).
    this.extensions = ['creation', 'creation-with-upload', 'termination'];
  }

  /** tus's own write (a creation that carries data): the same path as a PATCH. */
  override write(readable: http.IncomingMessage | Readable, id: string, offset: number): Promise<number> {
    return this.receive(readable, id, offset, Number.POSITIVE_INFINITY);
  }

  /**
   * Appends `source` to the staging file of `id` at `offset` and answers the new offset. More than `room` bytes
   * fail with BeyondLengthError, nothing of the chunk that crosses the line written. Bytes written before the
   * source failed or ended early stay (the client resumes from the offset HEAD answers). A failure on this side
   * (too many bytes, the disk) leaves the source as it is, so that the request can still be answered.
   */
  async receive(source: Readable, id: string, offset: number, room: number): Promise<number> {
    let entry = this.running.get(id);
    if (entry?.offset !== offset) entry = offset === 0 ? { hash: createHash('sha256'), offset: 0 } : undefined;
    if (entry) this.running.set(id, entry);
    else this.running.delete(id);
    const current = entry;

    const handle = await open(path.join(this.directory, id), 'r+');
    let passed = 0;
    let unflushed = 0;
    let flushing: Promise<void> = Promise.resolve();
    const flush = () => {
      // One flush at a time; a failed background flush shows in the final one.
      flushing = flushing.then(() => handle.datasync()).catch(() => undefined);
    };
    const tap = new Transform({
      transform(chunk: Buffer, _encoding, callback) {
        if (passed + chunk.length > room) {
          callback(new BeyondLengthError(room));
          return;
        }
        current?.hash.update(chunk);
        passed += chunk.length;
        unflushed += chunk.length;
        if (unflushed >= FLUSH_EVERY) {
          unflushed = 0;
          flush();
        }
        callback(null, chunk);
      },
    });
    // The stream closes the handle when it ends or fails (after the flush in flight).
    const file = handle.createWriteStream({ start: offset, highWaterMark: 1024 * 1024 });
    // The source is piped into the pipeline, not part of it: a pipeline destroys every stream when one fails, and
    // a destroyed request takes its connection along with the refusal meant for it. Only the source's own end
    // early (the client went away) fails the pipeline from that side.
    const unwatch = finished(source, (err) => {
      if (err) tap.destroy(err);
    });
    source.pipe(tap);
    try {
      await pipeline(tap, file);
    } catch (err) {
      // What reached the file stays; the running hash cannot know which bytes those were.
      this.running.delete(id);
      throw err;
    } finally {
      unwatch();
      source.unpipe(tap);
      await flushing;
    }
    if (current) current.offset = offset + passed;
    return offset + passed;
  }

  /** The sha256 of a finished upload of `size` bytes, if every byte passed through this store; then forgotten. */
  takeSha256(id: string, size: number): string | null {
    const entry = this.running.get(id);
    this.running.delete(id);
    return entry && entry.offset === size ? entry.hash.digest('hex') : null;
  }

  forget(id: string): void {
    this.running.delete(id);
  }
}
