import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { createLogger, hideLogSecrets, hideUrlSecrets, logFormatOf } from './bootstrap';

/** A logger as `npm start` builds it, writing to the returned lines. */
function capturedLogger(logLevel: 'info' | 'trace' = 'info') {
  const lines: string[] = [];
  const destination = new Writable({
    write(chunk, _encoding, done) {
      lines.push(chunk.toString());
      done();
    },
  });
  return { logger: createLogger({ logLevel }, destination), lines };
}

describe('request logs', () => {
  it('hide the secret of account links (ADR 0034) and keep the rest of the address', async () => {
    const { logger, lines } = capturedLogger();
    const app = Fastify({ loggerInstance: logger });
    app.get('/accept-invitation', async () => 'page');
    await app.inject({ method: 'GET', url: '/accept-invitation?token=S3cretTokenValue&lang=de' });
    await app.close();
    const incoming = lines.map((line) => JSON.parse(line)).find((entry) => entry.msg === 'incoming request');
    expect(incoming.req).toMatchObject({ method: 'GET', url: '/accept-invitation?token=[hidden]&lang=de' });
    expect(lines.join('')).not.toContain('S3cretTokenValue');
  });

  it('leave addresses without a token alone', () => {
    expect(hideUrlSecrets('/auth/list-users?search=token')).toBe('/auth/list-users?search=token');
    expect(hideUrlSecrets('/reset-password?x=1&Token=abc#top')).toBe('/reset-password?x=1&Token=[hidden]#top');
  });

  it('hide the signature of download links, OAuth secrets, and a secret parameter however its name is encoded', () => {
    expect(hideUrlSecrets('/files/cases%2Fa.stl?expires=1795897495&filename=jaw.stl&sig=hFXJi2tcqjuPQ')).toBe(
      '/files/cases%2Fa.stl?expires=1795897495&filename=jaw.stl&sig=[hidden]',
    );
    expect(hideUrlSecrets('/cb?code=abc&state=s1&access_token=t&client_secret=c')).toBe(
      '/cb?code=[hidden]&state=s1&access_token=[hidden]&client_secret=[hidden]',
    );
    expect(hideUrlSecrets('/accept-invitation?%74oken=abc&lang=de')).toBe(
      '/accept-invitation?%74oken=[hidden]&lang=de',
    );
    expect(hideUrlSecrets('otpauth://totp/Cuspid:a%40b.test?secret=ISESUKFYW7&issuer=Cuspid')).toBe(
      'otpauth://totp/Cuspid:a%40b.test?secret=[hidden]&issuer=Cuspid',
    );
  });
});

describe('log lines', () => {
  it('hide secret fields at any depth, in errors too, and keep what kind an error is', () => {
    const { logger, lines } = capturedLogger();
    const err = Object.assign(new Error('request failed'), {
      code: 'ECONNRESET',
      config: { headers: { Authorization: 'Bearer abc.def.ghi', 'stripe-signature': 't=1,v1=ab12' } },
    });
    logger.warn(
      {
        err,
        job: { data: { refresh_token: 'rt-secret', client: { clientSecret: 'cs-secret', pass: 'smtp-secret' } } },
        body: { password: 'pw-"secret"', code: '123 456', recovery_codes: ['abcde-12345'], challenge: 'ch-secret' },
        issues: [{ code: 'invalid_type', path: ['mail'] }],
        sqlState: '22P02',
      },
      'request failed',
    );
    const line = lines.join('');
    for (const secret of [
      'abc.def.ghi',
      'ab12',
      'rt-secret',
      'cs-secret',
      'smtp-secret',
      'pw-',
      '123 456',
      'abcde',
      'ch-secret',
    ]) {
      expect(line).not.toContain(secret);
    }
    const entry = JSON.parse(line);
    expect(entry.err).toMatchObject({ code: 'ECONNRESET', config: { headers: { Authorization: '[hidden]' } } });
    expect(entry.job.data).toEqual({
      refresh_token: '[hidden]',
      client: { clientSecret: '[hidden]', pass: '[hidden]' },
    });
    expect(entry.body).toMatchObject({ password: '[hidden]', code: '[hidden]', recovery_codes: '[hidden]' });
    expect(entry.issues).toEqual([{ code: 'invalid_type', path: ['mail'] }]);
    expect(entry.sqlState).toBe('22P02');
  });

  it('hide signed tokens and secret parameters of addresses in messages and any field', () => {
    const jwt = 'eyJhbGciOiJFZERTQSJ9.eyJzdWIiOiJ1MSJ9.c2lnbmF0dXJl';
    const line = hideLogSecrets(
      JSON.stringify({ msg: `Reply was already sent in the "/reset-password?token=abc" route`, note: `got ${jwt}` }),
    );
    expect(JSON.parse(line)).toEqual({
      msg: 'Reply was already sent in the "/reset-password?token=[hidden]" route',
      note: 'got [hidden]',
    });
  });

  it('leave a line without secrets as it is', () => {
    const line = JSON.stringify({
      level: 30,
      reqId: 'd405708b-a321-474e-99d5-fdfb2b6da1db',
      req: { method: 'GET', url: '/api/cases?page=2&q=token', remotePort: 1 },
      err: { code: 'EAUTH', responseCode: 535, stack: 'Error: x\n    at y' },
      ok: true,
      msg: 'incoming request',
    });
    expect(hideLogSecrets(line)).toBe(line);
  });
});

describe('log format', () => {
  it('is readable lines on a terminal outside production, JSON anywhere else, unless LOG_FORMAT says', () => {
    expect(logFormatOf('auto', 'development', true)).toBe('pretty');
    expect(logFormatOf('auto', 'test', true)).toBe('pretty');
    expect(logFormatOf('auto', 'production', true)).toBe('json');
    expect(logFormatOf('auto', 'development', false)).toBe('json');
    expect(logFormatOf('json', 'development', true)).toBe('json');
    expect(logFormatOf('pretty', 'production', false)).toBe('pretty');
  });
});
