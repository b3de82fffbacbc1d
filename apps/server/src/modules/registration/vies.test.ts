import { createServer } from 'node:net';
import pino from 'pino';
import { describe, expect, it, vi } from 'vitest';
import { createViesClient, readViesAnswer } from './vies';

describe('readViesAnswer', () => {
  it('reads valid and invalid answers, dropping withheld ("---") and blank details', () => {
    expect(readViesAnswer(200, { valid: true, name: 'ACME', address: ' Main St 1 \n 10115 Berlin ' })).toEqual({
      outcome: 'valid',
      name: 'ACME',
      address: 'Main St 1, 10115 Berlin',
    });
    expect(readViesAnswer(200, { valid: true, name: '---', address: '' })).toEqual({ outcome: 'valid' });
    expect(readViesAnswer(200, { valid: false, name: '---' })).toEqual({ outcome: 'invalid' });
    expect(readViesAnswer(200, { valid: false, userError: 'INVALID' })).toEqual({ outcome: 'invalid' });
  });

  it('takes error wrappers, error statuses, error userError values and odd bodies as unavailable', () => {
    expect(readViesAnswer(200, { actionSucceed: false, errorWrappers: [{ error: 'MS_UNAVAILABLE' }] })).toEqual({
      outcome: 'unavailable',
      reason: 'MS_UNAVAILABLE',
    });
    expect(readViesAnswer(500, undefined)).toEqual({ outcome: 'unavailable', reason: 'HTTP 500' });
    expect(readViesAnswer(200, { valid: false, userError: 'TIMEOUT' })).toEqual({
      outcome: 'unavailable',
      reason: 'TIMEOUT',
    });
    expect(readViesAnswer(200, '<html>')).toMatchObject({ outcome: 'unavailable' });
  });
});

describe('createViesClient', () => {
  it('answers unavailable and warns when nothing listens at the URL', async () => {
    // A port that was free a moment ago: connecting to it is refused.
    const probe = createServer();
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
    const { port } = probe.address() as { port: number };
    await new Promise((resolve) => probe.close(resolve));

    const logger = pino({ level: 'silent' });
    const warn = vi.spyOn(logger, 'warn');
    const client = createViesClient({ url: `http://127.0.0.1:${port}/`, timeoutMs: 2000, cacheTtlMs: 60_000 }, logger);
    const answer = await client.check('DE136695976');
    expect(answer).toMatchObject({ outcome: 'unavailable', reason: expect.stringMatching(/^unreachable/) });
    expect(warn).toHaveBeenCalledOnce();
  });
});
