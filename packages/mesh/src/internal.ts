import { MeshError } from './errors';

/** Default `maxTriangles`: well above any single-arch scan (300k) or high-resolution export (a few million). */
export const DEFAULT_MAX_TRIANGLES = 12_000_000;

export interface ParseContext {
  maxTriangles: number;
  onProgress: ((fraction: number) => void) | undefined;
  /** The bytes are only the start of the file: ending early is no error, what was read is returned. */
  partial: boolean;
}

export function tooLarge(triangles: number, max: number): MeshError {
  return new MeshError(
    'TOO_LARGE',
    `The file has more than ${max.toLocaleString('en-US')} triangles${
      triangles > max ? ` (${triangles.toLocaleString('en-US')})` : ''
    }, more than we can process. Please export it at a lower resolution.`,
  );
}

/** A Float32Array that grows by doubling: the positions of parsers that do not know their triangle count. */
export class FloatBuffer {
  data: Float32Array;
  length = 0;

  constructor(capacity: number) {
    this.data = new Float32Array(Math.max(capacity, 1024));
  }

  reserve(extra: number): void {
    const needed = this.length + extra;
    if (needed <= this.data.length) return;
    let capacity = this.data.length * 2;
    while (capacity < needed) capacity *= 2;
    const next = new Float32Array(capacity);
    next.set(this.data.subarray(0, this.length));
    this.data = next;
  }

  /** The filled part, without copying when the buffer is exactly full. */
  result(): Float32Array {
    return this.length === this.data.length ? this.data : this.data.slice(0, this.length);
  }
}

/** Throws MALFORMED unless every value is a finite number. */
export function assertFinite(values: Float32Array, what: string): void {
  for (let i = 0; i < values.length; i++) {
    const v = values[i]!;
    if (v - v !== 0) {
      throw new MeshError('MALFORMED', `The file contains an invalid coordinate (${v}) in ${what}.`);
    }
  }
}

/**
 * The bytes up to and including the last line break: the start of a text file cut where a line ends, so that its
 * last word or number is whole (a number cut in two would still read as a number, a wrong one).
 */
export function completeLines(bytes: Uint8Array): Uint8Array {
  const end = bytes.lastIndexOf(10);
  return end < 0 ? bytes.subarray(0, 0) : bytes.subarray(0, end + 1);
}

const decoder = new TextDecoder('utf-8');

export function decodeText(bytes: Uint8Array): string {
  return decoder.decode(bytes);
}

/** Calls onProgress at most about every 2 % of the way. */
export function progressReporter(ctx: ParseContext): (fraction: number) => void {
  const { onProgress } = ctx;
  if (!onProgress) return () => {};
  let last = -1;
  return (fraction) => {
    const f = fraction > 1 ? 1 : fraction;
    if (f - last >= 0.02 || (f === 1 && last !== 1)) {
      last = f;
      onProgress(f);
    }
  };
}

const POW10 = [
  1, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20,
  1e21, 1e22,
];

/**
 * The number written in text[start, end), exactly as `Number(text.slice(start, end))` reads it, NaN when it is
 * not one. Plain decimals (at most 15 significant digits, exponent within ±22: what mesh files hold) take a fast
 * path without a string: one exact multiplication or division by a power of ten is correctly rounded (Clinger).
 */
export function parseNumberAt(text: string, start: number, end: number): number {
  let i = start;
  let c = text.charCodeAt(i);
  const negative = c === 45;
  if (negative || c === 43) c = text.charCodeAt(++i);
  let mantissa = 0;
  let digits = 0;
  let scale = 0;
  let any = false;
  while (i < end && c >= 48 && c <= 57) {
    mantissa = mantissa * 10 + (c - 48);
    if (mantissa !== 0) digits++;
    any = true;
    c = text.charCodeAt(++i);
  }
  if (i < end && c === 46) {
    c = text.charCodeAt(++i);
    while (i < end && c >= 48 && c <= 57) {
      mantissa = mantissa * 10 + (c - 48);
      if (mantissa !== 0) digits++;
      scale--;
      any = true;
      c = text.charCodeAt(++i);
    }
  }
  if (any && i < end && (c === 101 || c === 69)) {
    c = text.charCodeAt(++i);
    const expNegative = c === 45;
    if (expNegative || c === 43) c = text.charCodeAt(++i);
    let exponent = 0;
    let expDigits = 0;
    while (i < end && c >= 48 && c <= 57 && exponent < 1000) {
      exponent = exponent * 10 + (c - 48);
      expDigits++;
      c = text.charCodeAt(++i);
    }
    if (expDigits === 0) return Number.NaN;
    scale += expNegative ? -exponent : exponent;
  }
  if (!any || i !== end || digits > 15 || scale > 22 || scale < -22) return Number(text.slice(start, end));
  const value = scale >= 0 ? mantissa * POW10[scale]! : mantissa / POW10[-scale]!;
  return negative ? -value : value;
}
