import svgCaptcha from 'svg-captcha';
import { sha256 } from '../../lib/ids';

/** How long a captcha may be answered. */
export const CAPTCHA_TTL_MS = 10 * 60_000;

// Characters that look alike in the image are left out; answers are compared without case.
const IGNORED_CHARS = '0oO1iIlL';

export function makeCaptcha(): { text: string; image: string } {
  const captcha = svgCaptcha.create({ size: 5, noise: 3, ignoreChars: IGNORED_CHARS, width: 160, height: 56 });
  return {
    text: captcha.text,
    image: `data:image/svg+xml;base64,${Buffer.from(captcha.data).toString('base64')}`,
  };
}

/** The stored form of an answer: hashed with the captcha id, so equal answers never share a hash. */
export const hashCaptchaAnswer = (id: string, answer: string) => sha256(`${id}:${answer.trim().toLowerCase()}`);
