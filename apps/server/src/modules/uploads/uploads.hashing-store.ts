import { createHash, type Hash } from 'node:crypto';
import type http from 'node:http';
import { type Readable, Transform } from 'node:stream';
import { FileStore } from '@tus/file-store';

/**
 * tus's file store with a running sha256 of each upload whose bytes arrive in order in this process, so that a
 * finished upload's checksum is known without reading the file again. A gap (a resume from another offset,
 * a write that stored fewer bytes than passed, a restart) drops the running hash, and the finished file is
 * read instead.
 */
export class HashingFileStore extends FileStore {
  private readonly running = new Map<string, { hash: Hash; offset: number }>();

  override async write(readable: http.IncomingMessage | Readable, id: string, offset: number): Promise<number> {
    let entry = this.running.get(id);
    if (entry?.offset !== offset) entry = offset === 0 ? { hash: createHash('sha256'), offset: 0 } : undefined;
    if (!entry) {
      this.running.delete(id);
      return super.write(readable, id, offset);
    }
    this.running.set(id, entry);
    const current = entry;
    let passed = 0;
    const tap = new Transform({
      transform(chunk: Buffer, _encoding, callback) {
        current.hash.update(chunk);
        passed += chunk.length;
        callback(null, chunk);
      },
    });
    readable.on('error', (err) => tap.destroy(err));
    try {
      // tus's file store answers the upload's new offset.
      const reached = await super.write(readable.pipe(tap), id, offset);
      if (reached - offset !== passed) this.running.delete(id);
      else current.offset = reached;
      return reached;
    } catch (err) {
      this.running.delete(id);
      throw err;
    }
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
