import type { Jaw } from '@cuspid/contracts/uploads';

/** Scans that are not a jaw scan of this case (a later issue may take some of them as scans of their own). */
export const OTHER_SCAN_KINDS = ['bite', 'buccal', 'occlusion', 'preop', 'prep', 'antagonist'] as const;
export type OtherScanKind = (typeof OTHER_SCAN_KINDS)[number];

/**
 * What a file name says about the scan: a jaw (with how sure: 3 a word such as UpperJaw, Maxilla, Unterkiefer,
 * maxillaire; 2 an abbreviation such as OK/UK or sup/inf; 1 a trailing `_u`/`_l` as iTero writes it), another kind
 * of scan (a bite, a buccal or occlusion scan, a pre-op or preparation scan, an antagonist), or nothing.
 */
export type ScanGuess =
  | { kind: 'jaw'; jaw: Jaw; strength: 1 | 2 | 3 }
  | { kind: 'other'; scan: OtherScanKind }
  | { kind: 'unknown' };

const STRONG: Record<string, Jaw> = {
  upper: 'upper',
  upperjaw: 'upper',
  maxilla: 'upper',
  maxillary: 'upper',
  maxillar: 'upper',
  maxillaire: 'upper',
  oberkiefer: 'upper',
  superieur: 'upper',
  superieure: 'upper',
  superior: 'upper',
  lower: 'lower',
  lowerjaw: 'lower',
  mandible: 'lower',
  mandibula: 'lower',
  mandibular: 'lower',
  mandibule: 'lower',
  mandibulaire: 'lower',
  unterkiefer: 'lower',
  inferieur: 'lower',
  inferieure: 'lower',
  inferior: 'lower',
};
const MEDIUM: Record<string, Jaw> = {
  ok: 'upper',
  uk: 'lower',
  oben: 'upper',
  unten: 'lower',
  sup: 'upper',
  inf: 'lower',
};
const WEAK: Record<string, Jaw> = { u: 'upper', l: 'lower' };
/** Jaw words also found inside longer tokens (UpperJawScan, scanoberkiefer, mandibular2): never the short ones. */
const STRONG_PARTS = Object.keys(STRONG).sort((a, b) => b.length - a.length);

/** Words of other scans, found also inside longer words (BiteScan, PreparationScan, Bissregistrat). */
const OTHER_WORDS: [string, OtherScanKind][] = [
  ['bite', 'bite'],
  ['biss', 'bite'],
  ['mordu', 'bite'],
  ['morsure', 'bite'],
  ['registration', 'bite'],
  ['buccal', 'buccal'],
  ['bukkal', 'buccal'],
  ['vestibul', 'buccal'],
  ['occlusion', 'occlusion'],
  ['okklusion', 'occlusion'],
  ['preop', 'preop'],
  ['praeop', 'preop'],
  ['praop', 'preop'],
  ['situation', 'preop'],
  ['prep', 'prep'],
  ['praparation', 'prep'],
  ['praeparation', 'prep'],
  ['stumpf', 'prep'],
  ['antagonist', 'antagonist'],
  ['gegenkiefer', 'antagonist'],
];

/** The words of a file name: folders and extension dropped, camelCase split, accents taken off, lower case. */
function words(fileName: string): string[] {
  const base =
    fileName
      .split(/[\\/]/)
      .pop()
      ?.replace(/\.[a-z0-9]{1,4}$/i, '') ?? '';
  return base
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .split(/[^a-zß]+/)
    .filter(Boolean);
}

/**
 * The guess for one file name, in English, German and French and as 3Shape (UpperJaw, LowerJaw, BiteScan), Medit
 * (Maxilla, Mandible, Occlusion) and iTero (`…_u`, `…_l`) name their exports. A name of another kind of scan is that,
 * even when it names a jaw too (`UpperJaw_PreOp`: the upper jaw before preparation, not this case's scan). A name
 * naming both jaws, or none, is unknown.
 */
export function guessScan(fileName: string): ScanGuess {
  const tokens = words(fileName);
  const joined = tokens.join('');
  for (const [word, scan] of OTHER_WORDS) if (joined.includes(word)) return { kind: 'other', scan };
  const found = new Map<Jaw, 1 | 2 | 3>();
  const note = (jaw: Jaw, strength: 1 | 2 | 3) => found.set(jaw, Math.max(found.get(jaw) ?? 0, strength) as 1 | 2 | 3);
  tokens.forEach((token, index) => {
    const strong =
      STRONG[token] ?? STRONG_PARTS.map((part) => (token.includes(part) ? STRONG[part] : undefined)).find(Boolean);
    if (strong) note(strong, 3);
    else if (MEDIUM[token]) note(MEDIUM[token]!, 2);
    // A lone u or l only as the last word (scan_u, Export_123_l): elsewhere it may be an initial or anything.
    else if (WEAK[token] && index === tokens.length - 1 && tokens.length > 1) note(WEAK[token]!, 1);
  });
  const [only, ...more] = [...found];
  if (!only || more.length) return { kind: 'unknown' };
  return { kind: 'jaw', jaw: only[0], strength: only[1] };
}

/** Why a file is listed but not used. */
export type UnusedReason =
  | { code: 'otherScan'; scan: OtherScanKind }
  /** Its name says a jaw that another file has (a better match, or a file listed before). */
  | { code: 'jawTaken'; jaw: Jaw; by: string }
  /** Its name says no jaw, and both are taken. */
  | { code: 'noJawFree' }
  /** The user set it aside. */
  | { code: 'userChoice' };

/** Each file's part in the case: the jaw it is used for, or null with the reason. */
export type ScanPlan = { name: string; guess: ScanGuess; jaw: Jaw | null; reason: UnusedReason | null };

const JAWS: Jaw[] = ['upper', 'lower'];

/**
 * The jaw of each new file, given the files already listed (they keep the jaw they have: the user may have changed
 * it). Never two files for one jaw: when several names fit a jaw, the best match takes it (the first of equals),
 * and the others are listed as not used, naming the file that has the jaw. Names that say no jaw fill the jaws left
 * free, in order; scans of another kind are not used.
 */
export function planScans(names: readonly string[], kept: readonly { name: string; jaw: Jaw }[] = []): ScanPlan[] {
  const holder = new Map<Jaw, string>(kept.map((k) => [k.jaw, k.name]));
  const plans: ScanPlan[] = names.map((name) => ({ name, guess: guessScan(name), jaw: null, reason: null }));
  for (const jaw of JAWS) {
    const candidates = plans
      .filter((p) => p.guess.kind === 'jaw' && p.guess.jaw === jaw)
      .sort((a, b) => strengthOf(b.guess) - strengthOf(a.guess));
    for (const plan of candidates) {
      const by = holder.get(jaw);
      if (by === undefined) {
        plan.jaw = jaw;
        holder.set(jaw, plan.name);
      } else plan.reason = { code: 'jawTaken', jaw, by };
    }
  }
  for (const plan of plans) {
    if (plan.guess.kind === 'other') plan.reason = { code: 'otherScan', scan: plan.guess.scan };
    if (plan.guess.kind !== 'unknown') continue;
    const free = JAWS.find((jaw) => !holder.has(jaw));
    if (free) {
      plan.jaw = free;
      holder.set(free, plan.name);
    } else plan.reason = { code: 'noJawFree' };
  }
  return plans;
}

const strengthOf = (guess: ScanGuess) => (guess.kind === 'jaw' ? guess.strength : 0);
