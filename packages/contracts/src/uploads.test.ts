import { describe, expect, it } from 'vitest';
import { completeUploadBodySchema, formatUploadLimit, hasExtension, SCAN_FILE_EXTENSIONS } from './uploads';

describe('scan files', () => {
  it('accept the scan formats and ZIP, in any case', () => {
    expect(SCAN_FILE_EXTENSIONS).toEqual(['.stl', '.ply', '.obj', '.zip']);
    expect(hasExtension('A.STL', SCAN_FILE_EXTENSIONS)).toBe(true);
    expect(hasExtension('a.stl.txt', SCAN_FILE_EXTENSIONS)).toBe(false);
  });

  it('say the limit as people say it', () => {
    expect(formatUploadLimit(524_288_000)).toBe('500 MB');
    expect(formatUploadLimit(1536)).toBe('1.5 KB');
    expect(formatUploadLimit(10)).toBe('10 bytes');
  });

  it('take a sha256 as 64 hex digits, in lower case', () => {
    expect(completeUploadBodySchema.parse({ sha256: 'A'.repeat(64) })).toEqual({ sha256: 'a'.repeat(64) });
    expect(completeUploadBodySchema.safeParse({ sha256: 'x'.repeat(64) }).success).toBe(false);
    expect(completeUploadBodySchema.safeParse({ sha256: 'a'.repeat(63) }).success).toBe(false);
  });
});
