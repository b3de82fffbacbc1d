import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { createLogger, hideUrlTokens, logFormatOf } from './bootstrap';

describe('request logs', () => {
  it('hide the secret of account links (ADR 0034) and keep the rest of the address', async () => {
    const lines: string[] = [];
    const destination = new Writable({
      write(chunk, _encoding, done) {
        lines.push(chunk.toString());
        done();
      },
    });
    const app = Fastify({ loggerInstance: createLogger({ logLevel: 'info' }, destination) });
    app.get('/accept-invitation', async () => 'page');
    await app.inject({ method: 'GET', url: '/accept-invitation?token=S3cretTokenValue&lang=de' });
    await app.close();
    const incoming = lines.map((line) => JSON.parse(line)).find((entry) => entry.msg === 'incoming request');
    expect(incoming.req).toMatchObject({ method: 'GET', url: '/accept-invitation?token=[hidden]&lang=de' });
    expect(lines.join('')).not.toContain('S3cretTokenValue');
  });

  it('leave addresses without a token alone', () => {
    expect(hideUrlTokens('/auth/list-users?search=token')).toBe('/auth/list-users?search=token');
    expect(hideUrlTokens('/reset-password?x=1&Token=abc#top')).toBe('/reset-password?x=1&Token=[hidden]#top');
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
