import { describe, expect, it } from 'vitest';
import { scansFromFiles } from './case-scans-field';

const UPPER = '11111111-1111-4111-8111-111111111111';
const LOWER = '22222222-2222-4222-8222-222222222222';

describe('scansFromFiles', () => {
  it('takes each jaw’s upload id once its file is verified, and none while it uploads or after it is removed', () => {
    expect(scansFromFiles([])).toEqual({ upper: null, lower: null });
    expect(
      scansFromFiles([
        { jaw: 'upper', uploadId: UPPER, fileName: 'u.stl', size: 10, status: 'verified' },
        { jaw: 'lower', uploadId: null, fileName: 'l.stl', size: 10, status: 'uploading' },
      ]),
    ).toEqual({ upper: UPPER, lower: null });
    expect(
      scansFromFiles([{ jaw: 'lower', uploadId: LOWER, fileName: 'l.stl', size: 10, status: 'verified' }]),
    ).toEqual({ upper: null, lower: LOWER });
    // An upload whose checksum is still being compared is not usable yet.
    expect(
      scansFromFiles([{ jaw: 'lower', uploadId: LOWER, fileName: 'l.stl', size: 10, status: 'verifying' }]),
    ).toEqual({ upper: null, lower: null });
  });
});
