import { describe, expect, it } from 'vitest';
import { planLayers, previewOf, showableResults, type ViewerResult } from './viewer-layers';

const file = (id: string, kind: 'mesh' | 'preview' | 'report', jaw: 'upper' | 'lower' | null, size = 1000) => ({
  id,
  kind,
  jaw,
  file_name: `${id}.ply`,
  size,
});

const reference: ViewerResult = {
  id: 'r1',
  version: 1,
  engine: 'reference',
  files: [file('m-up', 'mesh', 'upper'), file('p-up', 'preview', 'upper', 400), file('rep', 'report', null)],
};
const designed: ViewerResult = {
  id: 'r2',
  version: 2,
  engine: 'external',
  files: [file('crown', 'mesh', 'upper'), file('p-other', 'preview', 'lower', 10)],
};

describe('the viewer’s layers', () => {
  it('opens the reference engine’s preview first when it is under half the scan’s bytes', () => {
    expect(previewOf({ jaw: 'upper', file_name: 'u.stl', size: 5000 }, [reference, designed])?.id).toBe('p-up');
    // Not worth it: the preview would save little.
    expect(previewOf({ jaw: 'upper', file_name: 'u.stl', size: 700 }, [reference])).toBeNull();
    // Another engine's preview is not the scan.
    expect(previewOf({ jaw: 'lower', file_name: 'l.stl', size: 5000 }, [designed])).toBeNull();
  });

  it('opens no preview where the server made none, or only a copy of the repaired mesh', () => {
    // The report says there is no separate preview: the scan is shown whole, even beside an older result's preview.
    const small = {
      jaw: 'upper' as const,
      file_name: 'u.stl',
      size: 5000,
      quality: { holes: 0, non_manifold_edges: 0 },
    };
    expect(previewOf({ ...small, quality: { ...small.quality, preview_triangles: null } }, [reference])).toBeNull();
    expect(previewOf({ ...small, quality: { ...small.quality, preview_triangles: 100_000 } }, [reference])?.id).toBe(
      'p-up',
    );
    // An older result: its "preview" of a small scan is the repaired mesh again (PLY, smaller than the STL uploaded).
    const copy: ViewerResult = {
      ...reference,
      files: [file('m-up', 'mesh', 'upper', 1000), file('p-up', 'preview', 'upper', 1000)],
    };
    expect(previewOf(small, [copy])).toBeNull();
    expect(planLayers({ scans: [small], results: [copy], full: new Set(), versions: [] })).toEqual([
      { key: 'scan:upper', jaw: 'upper', source: { key: 'scan:upper', fileName: 'u.stl', from: 'scan', jaw: 'upper' } },
    ]);
  });

  it('shows the preview until the full scan is asked for, then keeps it on screen while the scan loads', () => {
    const scans = [
      { jaw: 'upper' as const, file_name: 'u.stl', size: 5000 },
      { jaw: 'lower' as const, file_name: 'l.stl', size: 5000 },
    ];
    const first = planLayers({ scans, results: [reference], full: new Set(), versions: [] });
    expect(first.map((plan) => [plan.key, plan.source.key, plan.interim?.key])).toEqual([
      ['scan:upper', 'file:p-up', undefined],
      ['scan:lower', 'scan:lower', undefined],
    ]);
    const full = planLayers({ scans, results: [reference], full: new Set(['upper']), versions: [] });
    expect(full[0]).toMatchObject({ source: { key: 'scan:upper', from: 'scan' }, interim: { key: 'file:p-up' } });
  });

  it('adds each chosen version’s meshes per jaw, and lists the versions that have meshes in order', () => {
    const plans = planLayers({
      scans: [{ jaw: 'upper', file_name: 'u.stl' }],
      results: [reference, designed],
      full: new Set(),
      versions: ['r2'],
    });
    expect(plans.map((plan) => plan.key)).toEqual(['scan:upper', 'result:r2:upper']);
    expect(plans[1]?.source).toMatchObject({ from: 'result-file', fileId: 'crown' });
    const onlyReport: ViewerResult = { id: 'r3', version: 3, engine: 'external', files: [file('x', 'report', null)] };
    expect(showableResults([designed, onlyReport, reference]).map((result) => result.version)).toEqual([1, 2]);
  });
});
