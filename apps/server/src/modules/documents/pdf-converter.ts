import { spawn } from 'node:child_process';
import { constants } from 'node:fs';
import { access, mkdir, mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { AppError } from '../../lib/errors';

export const CONVERTER_MISSING_MESSAGE =
  'PDF output needs LibreOffice (soffice), which is not installed on this server. ' +
  'Install the Debian package libreoffice-writer-nogui, or ask for DOCX.';

export type PdfConverterOptions = {
  /** The soffice binary; looked up on PATH when unset. */
  sofficePath?: string | undefined;
  timeoutMs: number;
  /** Conversions at once; each has its own LibreOffice profile (two on one profile fail). */
  slots?: number;
};

export type PdfConverter = {
  /** The soffice binary, or null when LibreOffice is not installed. */
  locate(): Promise<string | null>;
  /** DOCX bytes → PDF bytes. 503 naming LibreOffice when it is missing; 500 when a conversion fails. */
  convertDocx(docx: Buffer): Promise<Buffer>;
};

async function isExecutable(file: string) {
  try {
    await access(file, constants.X_OK);
    return (await stat(file)).isFile();
  } catch {
    return false;
  }
}

async function findOnPath(names: string[]): Promise<string | null> {
  for (const dir of (process.env.PATH ?? '').split(path.delimiter).filter(Boolean)) {
    for (const name of names) {
      const candidate = path.join(dir, name);
      if (await isExecutable(candidate)) return candidate;
    }
  }
  return null;
}

/**
 * DOCX → PDF with LibreOffice in headless mode. Each slot owns a LibreOffice profile directory that it
 * reuses (a warm profile converts faster); a conversion waits for a free slot. A conversion that
 * outlives the timeout is killed with its process group, and the PDF is checked to exist: soffice can
 * exit 0 without writing one.
 */
export function createPdfConverter(options: PdfConverterOptions): PdfConverter {
  const slots = Array.from({ length: options.slots ?? 2 }, (_, i) => i);
  const waiting: Array<(slot: number) => void> = [];
  const root = path.join(os.tmpdir(), `cuspid-soffice-${process.pid}`);
  let located: Promise<string | null> | undefined;

  const locate = () => {
    located ??= options.sofficePath
      ? isExecutable(options.sofficePath).then((ok) => (ok ? options.sofficePath! : null))
      : findOnPath(['soffice', 'libreoffice']);
    return located;
  };

  const acquire = () =>
    new Promise<number>((resolve) => {
      const slot = slots.shift();
      if (slot === undefined) waiting.push(resolve);
      else resolve(slot);
    });
  const release = (slot: number) => {
    const next = waiting.shift();
    if (next) next(slot);
    else slots.push(slot);
  };

  const run = (binary: string, args: string[]) =>
    new Promise<{ code: number | null; stderr: string; timedOut: boolean }>((resolve, reject) => {
      const child = spawn(binary, args, { detached: true, stdio: ['ignore', 'ignore', 'pipe'] });
      let stderr = '';
      let timedOut = false;
      child.stderr.on('data', (chunk: Buffer) => {
        if (stderr.length < 4000) stderr += chunk.toString();
      });
      const timer = setTimeout(() => {
        timedOut = true;
        try {
          if (child.pid) process.kill(-child.pid, 'SIGKILL');
        } catch {
          child.kill('SIGKILL');
        }
      }, options.timeoutMs);
      child.on('error', (err) => {
        clearTimeout(timer);
        reject(err);
      });
      child.on('close', (code) => {
        clearTimeout(timer);
        resolve({ code, stderr, timedOut });
      });
    });

  const convertDocx = async (docx: Buffer) => {
    const binary = await locate();
    if (!binary) throw new AppError('SERVICE_UNAVAILABLE', { message: CONVERTER_MISSING_MESSAGE });
    const slot = await acquire();
    const profile = path.join(root, `profile-${slot}`);
    await mkdir(root, { recursive: true });
    const work = await mkdtemp(path.join(root, 'job-'));
    try {
      const input = path.join(work, 'document.docx');
      await writeFile(input, docx);
      const result = await run(binary, [
        `-env:UserInstallation=${pathToFileURL(profile).href}`,
        '--headless',
        '--norestore',
        '--nolockcheck',
        '--convert-to',
        'pdf',
        '--outdir',
        work,
        input,
      ]);
      const output = path.join(work, 'document.pdf');
      const pdf = await readFile(output).catch(() => null);
      if (result.timedOut) throw new Error(`LibreOffice did not finish within ${options.timeoutMs} ms`);
      if (!pdf || pdf.length === 0) {
        throw new Error(`LibreOffice wrote no PDF (exit ${result.code}): ${result.stderr.trim().slice(0, 500)}`);
      }
      return pdf;
    } finally {
      release(slot);
      await rm(work, { recursive: true, force: true });
    }
  };

  return { locate, convertDocx };
}
