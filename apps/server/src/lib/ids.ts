import { createHash, randomBytes } from 'node:crypto';

/** An opaque secret for URLs and bearer use: 32 random bytes, base64url. */
export const randomSecret = (bytes = 32) => randomBytes(bytes).toString('base64url');

export const sha256 = (value: string) => createHash('sha256').update(value).digest('base64url');
