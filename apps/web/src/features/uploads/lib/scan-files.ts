import {
  formatUploadLimit,
  guessJaw,
  hasExtension,
  type Jaw,
  SCAN_FILE_EXTENSIONS,
  SCAN_MESH_EXTENSIONS,
} from '@cuspid/contracts/uploads';

export { guessJaw, SCAN_FILE_EXTENSIONS };

/** Whether the uploader takes this file at all (a scan or a ZIP of scans). */
export const isAcceptedFile = (name: string) => hasExtension(name, SCAN_FILE_EXTENSIONS);
export const isZip = (name: string) => hasExtension(name, ['.zip']);
export const isScan = (name: string) => hasExtension(name, SCAN_MESH_EXTENSIONS);
/** 3Shape's own format (encrypted): refused with what to export instead. */
export const isDcm = (name: string) => hasExtension(name, ['.dcm']);

/**
 * Why a file cannot be uploaded before a byte is sent: too large (the server's own words and limit,
 * 'The file is larger than 500 MB'), or null. `t` translates (the errors namespace must be loaded).
 */
export function sizeProblem(
  size: number,
  maxBytes: number,
  t: (key: string, params: Record<string, string>) => string,
): string | null {
  if (size <= maxBytes) return null;
  return t('errors:UPLOAD_TOO_LARGE', { limit: formatUploadLimit(maxBytes) });
}

/**
 * The jaw of each file: the guess from its name, and when the guesses leave a jaw free (or both
 * name the same one), the other jaw for a second file, so that two files always cover both jaws.
 */
export function assignJaws(names: readonly string[], fixed: readonly Jaw[] = []): Jaw[] {
  // Files already listed keep the jaw they have (the user may have changed it); a new one takes the other.
  if (fixed.length === 1 && names.length === 2) {
    const guess = guessJaw(names[1]!);
    return [fixed[0]!, guess && guess !== fixed[0] ? guess : fixed[0] === 'upper' ? 'lower' : 'upper'];
  }
  const guesses = names.map((name) => guessJaw(name));
  if (names.length === 1) return [guesses[0] ?? 'upper'];
  const [a, b] = guesses;
  const other = (jaw: Jaw): Jaw => (jaw === 'upper' ? 'lower' : 'upper');
  if (a && b) return [a, a === b ? other(a) : b];
  if (a) return [a, other(a)];
  if (b) return [other(b), b];
  return ['upper', 'lower'];
}
