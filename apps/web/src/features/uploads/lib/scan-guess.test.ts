import { describe, expect, it } from 'vitest';
import { guessScan, planScans, type ScanGuess } from './scan-guess';

const upper = (strength: 1 | 2 | 3): ScanGuess => ({ kind: 'jaw', jaw: 'upper', strength });
const lower = (strength: 1 | 2 | 3): ScanGuess => ({ kind: 'jaw', jaw: 'lower', strength });
const other = (scan: string): ScanGuess => ({ kind: 'other', scan }) as ScanGuess;
const unknown: ScanGuess = { kind: 'unknown' };

describe('guessScan', () => {
  // Names as scanners and labs write them (3Shape, Medit, iTero, Primescan exports; English, German, French).
  const names: [string, ScanGuess][] = [
    ['UpperJaw.stl', upper(3)],
    ['LowerJaw.stl', lower(3)],
    ['2024-03-12_00417-001_UpperJawScan.stl', upper(3)],
    ['smith_lowerjawscan.ply', lower(3)],
    ['Patient Upper Jaw.ply', upper(3)],
    ['Maxilla.stl', upper(3)],
    ['Mandible.stl', lower(3)],
    ['Maxillary_export.ply', upper(3)],
    ['mandibular-2.ply', lower(3)],
    ['Oberkiefer.stl', upper(3)],
    ['Müller_Unterkiefer.stl', lower(3)],
    ['Dupont maxillaire.stl', upper(3)],
    ['Dupont_mandibulaire.ply', lower(3)],
    ['arcade inférieure.stl', lower(3)],
    ['Arcade_Superieure.stl', upper(3)],
    ['scan OK.stl', upper(2)],
    ['scan_UK.stl', lower(2)],
    ['Mueller-OK-2024.stl', upper(2)],
    ['arcade sup.stl', upper(2)],
    ['OrthoCAD_Export_12345678_u.stl', upper(1)],
    ['OrthoCAD_Export_12345678_l.stl', lower(1)],
    ['scan_u.stl', upper(1)],
    // Other scans: not a jaw scan of this case, even when they name a jaw.
    ['BiteScan.stl', other('bite')],
    ['2024-03-12_00417-001_BiteScan.stl', other('bite')],
    ['Bite1.stl', other('bite')],
    ['Bissregistrat.stl', other('bite')],
    ['BuccalScan_left.stl', other('buccal')],
    ['Occlusion_1.stl', other('occlusion')],
    ['UpperJaw_PreOp.stl', other('preop')],
    ['Pre-op lower.stl', other('preop')],
    ['PreparationScan.stl', other('prep')],
    ['Prep_36.stl', other('prep')],
    ['Unterkiefer Präparation.ply', other('prep')],
    ['Antagonist.stl', other('antagonist')],
    ['scan de morsure.stl', other('bite')],
    // Nothing, or both.
    ['scan.stl', unknown],
    ['folder/upper/scan.stl', unknown],
    ['okay.stl', unknown],
    ['book.stl', unknown],
    ['luke.stl', unknown],
    ['u_scan.stl', unknown],
    ['l.stl', unknown],
    ['upper_and_lower.stl', unknown],
    ['OK_UK.stl', unknown],
    ['', unknown],
  ];
  it.each(names)('%s', (name, guess) => {
    expect(guessScan(name)).toEqual(guess);
  });
});

describe('planScans', () => {
  const summary = (names: string[], kept?: { name: string; jaw: 'upper' | 'lower' }[]) =>
    planScans(names, kept).map((p) => [p.name, p.jaw ?? p.reason]);

  it('uses a bite scan for neither jaw, and keeps upper and lower jaw', () => {
    expect(summary(['BiteScan.stl', 'UpperJaw.stl', 'LowerJaw.stl'])).toEqual([
      ['BiteScan.stl', { code: 'otherScan', scan: 'bite' }],
      ['UpperJaw.stl', 'upper'],
      ['LowerJaw.stl', 'lower'],
    ]);
  });

  it('gives a jaw two names fit to the better match, naming it on the other', () => {
    expect(summary(['export_u.stl', 'Oberkiefer.stl', 'LowerJaw.stl'])).toEqual([
      ['export_u.stl', { code: 'jawTaken', jaw: 'upper', by: 'Oberkiefer.stl' }],
      ['Oberkiefer.stl', 'upper'],
      ['LowerJaw.stl', 'lower'],
    ]);
    // Equals: the first one listed.
    expect(summary(['mandible.stl', 'mandibular.stl'])).toEqual([
      ['mandible.stl', 'lower'],
      ['mandibular.stl', { code: 'jawTaken', jaw: 'lower', by: 'mandible.stl' }],
    ]);
  });

  it('fills the jaws left free with names that say none, in order; a third is not used', () => {
    expect(summary(['a.stl', 'b.stl'])).toEqual([
      ['a.stl', 'upper'],
      ['b.stl', 'lower'],
    ]);
    expect(summary(['a.stl', 'Oberkiefer.stl'])).toEqual([
      ['a.stl', 'lower'],
      ['Oberkiefer.stl', 'upper'],
    ]);
    expect(summary(['a.stl', 'b.stl', 'c.stl'])).toEqual([
      ['a.stl', 'upper'],
      ['b.stl', 'lower'],
      ['c.stl', { code: 'noJawFree' }],
    ]);
    expect(summary(['mandible.stl'])).toEqual([['mandible.stl', 'lower']]);
  });

  it('leaves files already listed their jaw', () => {
    expect(summary(['upper.stl'], [{ name: 'scan.stl', jaw: 'upper' }])).toEqual([
      ['upper.stl', { code: 'jawTaken', jaw: 'upper', by: 'scan.stl' }],
    ]);
    expect(summary(['scan.stl'], [{ name: 'a.stl', jaw: 'lower' }])).toEqual([['scan.stl', 'upper']]);
    expect(summary(['Unterkiefer.stl'], [{ name: 'a.stl', jaw: 'upper' }])).toEqual([['Unterkiefer.stl', 'lower']]);
  });
});
