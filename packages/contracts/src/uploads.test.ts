import { describe, expect, it } from 'vitest';
import { completeUploadBodySchema, formatUploadLimit, guessJaw, hasExtension, SCAN_FILE_EXTENSIONS } from './uploads';

describe('guessJaw', () => {
  const cases: [string, 'upper' | 'lower' | null][] = [
    ['upper.stl', 'upper'],
    ['lower.stl', 'lower'],
    ['Patient Upper Jaw.ply', 'upper'],
    ['UpperJaw.stl', 'upper'],
    ['LowerJaw.stl', 'lower'],
    ['2024-01-01_UpperJawScan.obj', 'upper'],
    ['smith_lowerjawscan.stl', 'lower'],
    ['maxilla.stl', 'upper'],
    ['mandible.stl', 'lower'],
    ['Maxillary_export.ply', 'upper'],
    ['mandibular-2.ply', 'lower'],
    ['Oberkiefer.stl', 'upper'],
    ['Müller_Unterkiefer.stl', 'lower'],
    ['scan OK.stl', 'upper'],
    ['scan_UK.stl', 'lower'],
    ['Mueller-OK-2024.stl', 'upper'],
    ['scan_u.stl', 'upper'],
    ['scan_l.stl', 'lower'],
    ['folder/upper/scan.stl', null],
    ['okay.stl', null],
    ['book.stl', null],
    ['luke.stl', null],
    ['scan.stl', null],
    ['upper_and_lower.stl', null],
    ['OK_UK.stl', null],
    ['', null],
  ];
  it.each(cases)('%s → %s', (name, jaw) => {
    expect(guessJaw(name)).toBe(jaw);
  });
});

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
