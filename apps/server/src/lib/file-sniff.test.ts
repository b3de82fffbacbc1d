import { Readable } from 'node:stream';
import PizZip from 'pizzip';
import { describe, expect, it } from 'vitest';
import { detectFileType, peekStream } from './file-sniff';

const zipWith = (...names: string[]) => {
  const zip = new PizZip();
  for (const name of names) zip.file(name, 'x');
  return zip.generate({ type: 'nodebuffer', compression: 'DEFLATE' });
};

describe('detectFileType', () => {
  it.each([
    ['pdf', Buffer.from('%PDF-1.7\n'), 'application/pdf'],
    ['png', Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0]), 'image/png'],
    ['jpeg', Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10]), 'image/jpeg'],
    ['gif', Buffer.from('GIF89a\x01\x00'), 'image/gif'],
    ['webp', Buffer.from('RIFF\x24\x00\x00\x00WEBPVP8 '), 'image/webp'],
    [
      'docx',
      zipWith('[Content_Types].xml', 'word/document.xml'),
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    ],
    [
      'xlsx',
      zipWith('[Content_Types].xml', 'xl/workbook.xml'),
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    ],
  ])('knows %s by its first bytes', (_name, head, type) => {
    expect(detectFileType(head)).toBe(type);
  });

  it.each([
    ['text', Buffer.from('hello %PDF-')],
    ['html', Buffer.from('<html><script>alert(1)</script>')],
    ['plain zip', zipWith('a.txt')],
    ['empty', Buffer.alloc(0)],
    ['riff that is not webp', Buffer.from('RIFF\x24\x00\x00\x00WAVEfmt ')],
  ])('refuses %s', (_name, head) => {
    expect(detectFileType(head)).toBeNull();
  });
});

describe('peekStream', () => {
  it('hands back the head and the whole content, in order', async () => {
    const chunks = Array.from({ length: 10 }, (_, i) => Buffer.alloc(10_000, i));
    const { head, body } = await peekStream(Readable.from(chunks), 25_000);
    expect(head.length).toBe(30_000);
    const all: Buffer[] = [];
    for await (const chunk of body) all.push(chunk as Buffer);
    expect(Buffer.concat(all).equals(Buffer.concat(chunks))).toBe(true);
  });
});
