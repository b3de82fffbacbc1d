import { describe, expect, it } from 'vitest';
import { createCaseSchema, parseTeethText } from './cases';

describe('teeth files', () => {
  it('reads JSON, CSV and plain text, split by jaw, each tooth once', () => {
    expect(parseTeethText('[11, 21, 36]')).toEqual({ ok: true, teeth: { upper_teeth: [11, 21], lower_teeth: [36] } });
    expect(parseTeethText('{ "upper": [21, 11], "lower": ["46"] }')).toEqual({
      ok: true,
      teeth: { upper_teeth: [11, 21], lower_teeth: [46] },
    });
    expect(parseTeethText('tooth\n11\n21\n21\n')).toEqual({
      ok: true,
      teeth: { upper_teeth: [11, 21], lower_teeth: [] },
    });
    expect(parseTeethText('\uFEFF# exported by the scanner\n11;12; 13\t31')).toEqual({
      ok: true,
      teeth: { upper_teeth: [11, 12, 13], lower_teeth: [31] },
    });
  });

  it('names unknown tooth numbers and empty or broken files', () => {
    expect(parseTeethText('11, 19, 50, abc')).toEqual({
      ok: false,
      message: 'Unknown tooth numbers: 19, 50, abc (FDI 11–18, 21–28, 31–38, 41–48)',
    });
    expect(parseTeethText('   ')).toEqual({ ok: false, message: 'The teeth file is empty' });
    expect(parseTeethText('[11,')).toEqual({ ok: false, message: 'The teeth file is not valid JSON' });
    expect(parseTeethText('{"other": [11]}')).toEqual({ ok: false, message: 'The teeth file names no teeth' });
    expect(parseTeethText('[51]').ok).toBe(false);
  });

  it('names nested values by their kind, however deep, without exhausting the stack', () => {
    const deep = `${'['.repeat(10_000)}${']'.repeat(10_000)}`;
    expect(parseTeethText(deep)).toEqual({
      ok: false,
      message: 'Unknown tooth numbers: […] (FDI 11–18, 21–28, 31–38, 41–48)',
    });
    expect(parseTeethText(`{"teeth": [11, ${'{"a":'.repeat(5000)}1${'}'.repeat(5000)}, true, null]}`)).toEqual({
      ok: false,
      message: 'Unknown tooth numbers: {…}, true, null (FDI 11–18, 21–28, 31–38, 41–48)',
    });
  });
});

describe('creating a case', () => {
  const base = { name: 'Crown 11', patient: 'P-0042', upper_teeth: [11], lower_teeth: [] };
  const upload = '7b0b1c9e-5a5e-4a4f-9d7c-0d6b3c2f1a10';
  it('needs a tooth, a scan, and the scan of each jaw with chosen teeth', () => {
    expect(createCaseSchema.safeParse({ ...base, upper_upload_id: upload }).success).toBe(true);
    const issues = (value: object) =>
      createCaseSchema.safeParse(value).error?.issues.map((i) => [i.path.join('.'), i.message]) ?? [];
    expect(issues({ ...base, upper_teeth: [], upper_upload_id: upload })).toEqual([
      ['upper_teeth', 'Choose at least one tooth'],
    ]);
    expect(issues(base)).toEqual([['upper_upload_id', 'Upload at least one jaw scan']]);
    expect(issues({ ...base, lower_upload_id: upload })).toEqual([
      ['upper_upload_id', 'Upload the upper jaw scan for the upper teeth you chose'],
    ]);
    expect(issues({ ...base, upper_teeth: [36], upper_upload_id: upload })[0]?.[0]).toBe('upper_teeth.0');
  });
});
