import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import {
  ALLOWED_FILE_TYPES,
  type AuthListQuery,
  DOCX_CONTENT_TYPE,
  type DocumentFile,
  type DocumentFileList,
  type DocumentTemplate,
  type DocumentTemplateList,
  PREVIEWABLE_FILE_TYPES,
  type UpdateTemplateBody,
} from '@cuspid/contracts';
import type { DbOrTx } from '../../db/client';
import type { Deps } from '../../deps';
import type { Actor } from '../../lib/actor';
import { recordAudit } from '../../lib/audit';
import { AppError, notFound } from '../../lib/errors';
import { detectFileType, peekStream } from '../../lib/file-sniff';
import { type ByteRange, StorageError, type StorageGetResult, StorageNotFoundError } from '../../storage/storage';
import * as repo from './documents.repository';
import { extractTemplateVariables, renderDocxTemplate } from './docx-templates';
import { createPdfConverter, type PdfConverter } from './pdf-converter';

const ALLOWED_LIST = 'PDF, PNG, JPEG, GIF, WebP, DOCX, XLSX';

export function toFileDto(row: repo.FileRow): DocumentFile {
  return {
    id: row.id,
    company_id: row.companyId,
    file_name: row.fileName,
    content_type: row.contentType,
    size: row.size,
    uploaded_by: row.uploadedBy,
    created_at: row.createdAt.toISOString(),
  };
}

export function toTemplateDto(row: repo.FileRow): DocumentTemplate {
  return {
    ...toFileDto(row),
    name: row.name ?? row.fileName,
    description: row.description,
    variables: row.variables ?? [],
    updated_at: row.updatedAt.toISOString(),
  };
}

const auditEntity = (kind: repo.FileKind) => (kind === 'template' ? 'document-template' : 'document-file');
const auditSnapshot = (row: repo.FileRow) => (row.kind === 'template' ? toTemplateDto(row) : toFileDto(row));

const storageKeyFor = (companyId: string, id: string) => `documents/${companyId}/${id}`;

const unsupported = (what: string) =>
  new AppError('UNSUPPORTED_MEDIA_TYPE', {
    message: `${what} Allowed: ${ALLOWED_LIST}.`,
    errors: { file: [`${what} Allowed: ${ALLOWED_LIST}.`] },
  });

/** A file name safe to store and send back: no path, no control characters, at most 255 characters. */
export function cleanFileName(name: string | undefined, fallback: string): string {
  const base = (name ?? '').split(/[/\\]/).pop() ?? '';
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is removed
  const cleaned = base.replace(/[\u0000-\u001f\u007f]/g, '').trim();
  return (cleaned || fallback).slice(0, 255);
}

const withExtension = (name: string, contentType: string) => {
  const ext = ALLOWED_FILE_TYPES[contentType as keyof typeof ALLOWED_FILE_TYPES];
  return ext && !name.toLowerCase().endsWith(`.${ext}`) ? `${name}.${ext}` : name;
};

/** A stored object's bytes in one buffer; 413 when it is larger than `limit` (the stream is then dropped). */
export async function readWhole(body: Readable, limit: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of body as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > limit) {
      body.destroy();
      throw new AppError('PAYLOAD_TOO_LARGE');
    }
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

export type FileDownload = {
  row: repo.FileRow;
  object: StorageGetResult;
  /** Set when a byte range was asked for and is served (206). */
  range?: { start: number; end: number };
};

/** Parses `Range: bytes=a-b`, `bytes=a-` or `bytes=-n` (one range only; anything else is ignored). */
export function parseRangeHeader(header: string | undefined): { start?: number; end?: number; suffix?: number } | null {
  if (!header) return null;
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match || (match[1] === '' && match[2] === '')) return null;
  if (match[1] === '') return { suffix: Number(match[2]) };
  return { start: Number(match[1]), ...(match[2] !== '' ? { end: Number(match[2]) } : {}) };
}

export type DocumentsService = ReturnType<typeof createDocumentsService>;

/** The document service's rules: files of a company, DOCX templates, filled documents. */
export function createDocumentsService(deps: Deps, converter: PdfConverter = pdfConverterOf(deps)) {
  const { db, storage, logger } = deps;
  const limits = deps.config.documents;

  /** Stores a stream under a new key, then records it; a failure on either side leaves nothing behind. */
  async function storeAndRecord(
    actor: Actor,
    body: Readable | Buffer,
    values: { kind: repo.FileKind; fileName: string; contentType: string } & Partial<repo.FileRow>,
  ) {
    const id = randomUUID();
    const storageKey = storageKeyFor(actor.companyId, id);
    const stored = await storage.put(storageKey, body, { contentType: values.contentType });
    try {
      return await db.transaction(async (tx) => {
        const row = await repo.insertFile(tx, {
          ...values,
          id,
          companyId: actor.companyId,
          size: stored.size,
          storageKey,
          etag: stored.etag ?? null,
          uploadedBy: actor.userId,
        });
        await recordAudit(tx, actor, {
          entity: auditEntity(values.kind),
          entityId: id,
          companyId: row.companyId,
          action: 'create',
          after: auditSnapshot(row),
        });
        return row;
      });
    } catch (err) {
      await storage.delete(storageKey).catch((e: unknown) => logger.error({ err: e, storageKey }, 'orphan file'));
      throw err;
    }
  }

  /** Deletes the row (company scope) and records the deletion in the same transaction; null when not found. */
  async function deleteRecorded(actor: Actor, kind: repo.FileKind, id: string, tx: DbOrTx = db) {
    const row = await repo.deleteFile(tx, actor, kind, id);
    if (row) {
      await recordAudit(tx, actor, {
        entity: auditEntity(kind),
        entityId: id,
        companyId: row.companyId,
        action: 'delete',
        before: auditSnapshot(row),
      });
    }
    return row;
  }

  async function removeObject(row: repo.FileRow) {
    // The row is gone; an object left behind by a failing store is harmless and logged for cleanup.
    await storage
      .delete(row.storageKey)
      .catch((err: unknown) => logger.error({ err, storageKey: row.storageKey }, 'stored object not deleted'));
  }

  async function readContent(row: repo.FileRow, limit: number): Promise<Buffer> {
    try {
      const object = await storage.get(row.storageKey);
      return await readWhole(object.body, limit);
    } catch (err) {
      if (err instanceof StorageNotFoundError) throw notFound();
      throw err;
    }
  }

  async function requireFile(actor: Actor, kind: repo.FileKind, id: string) {
    const row = await repo.findFile(db, actor, kind, id);
    if (!row) throw notFound();
    return row;
  }

  return {
    async listFiles(actor: Actor, query: AuthListQuery): Promise<DocumentFileList> {
      const { data, count } = await repo.listFiles(db, actor, 'file', {
        offset: query.limit_start,
        limit: query.limit_count,
        search: query.search,
      });
      return { data: data.map(toFileDto), count };
    },

    async getFile(actor: Actor, id: string): Promise<DocumentFile> {
      return toFileDto(await requireFile(actor, 'file', id));
    },

    /**
     * Streams an upload to storage: the type comes from the first bytes, never from the name or the
     * client's content type; only those first bytes are held in memory. The multipart size limit
     * errors the stream (413) and storage then drops the partial object.
     */
    async uploadFile(
      actor: Actor,
      upload: { fileName: string | undefined; stream: Readable; isTruncated?: () => boolean },
    ): Promise<DocumentFile> {
      const { head, body, discard } = await peekStream(upload.stream);
      const contentType = detectFileType(head);
      if (!contentType) {
        await discard();
        throw unsupported('The content of this file is not of an allowed type.');
      }
      const fileName = withExtension(cleanFileName(upload.fileName, 'file'), contentType);
      const row = await storeAndRecord(actor, body, { kind: 'file', fileName, contentType });
      if (upload.isTruncated?.()) {
        // Belt and braces: the limit should have failed the stream; never keep a cut-off file.
        await db.transaction((tx) => deleteRecorded(actor, 'file', row.id, tx));
        await removeObject(row);
        throw new AppError('PAYLOAD_TOO_LARGE');
      }
      return toFileDto(row);
    },

    async deleteFile(actor: Actor, id: string): Promise<void> {
      const row = await db.transaction((tx) => deleteRecorded(actor, 'file', id, tx));
      if (!row) throw notFound();
      await removeObject(row);
    },

    /** A file's content for download or preview, with an optional byte range. */
    async openFile(
      actor: Actor,
      id: string,
      options: { rangeHeader?: string | undefined; preview?: boolean },
    ): Promise<FileDownload> {
      const row = await repo.findVisibleFile(db, actor, id);
      if (!row) throw notFound();
      if (options.preview && !(PREVIEWABLE_FILE_TYPES as readonly string[]).includes(row.contentType)) {
        throw new AppError('UNSUPPORTED_MEDIA_TYPE', {
          message: 'Only PDF files and images can be previewed; download this file instead',
        });
      }
      const wanted = parseRangeHeader(options.rangeHeader);
      let range: ByteRange | undefined;
      if (wanted) {
        if (wanted.suffix !== undefined) {
          if (wanted.suffix === 0) throw rangeError(row.size);
          range = { start: Math.max(0, row.size - wanted.suffix) };
        } else {
          if (wanted.end !== undefined && wanted.end < wanted.start!) throw rangeError(row.size);
          range = { start: wanted.start!, ...(wanted.end !== undefined ? { end: wanted.end } : {}) };
        }
        if (range.start >= row.size) throw rangeError(row.size);
      }
      try {
        const object = await storage.get(row.storageKey, range);
        if (!range) return { row, object };
        const start = range.start;
        return { row, object, range: { start, end: start + object.size - 1 } };
      } catch (err) {
        if (err instanceof StorageNotFoundError) throw notFound();
        if (err instanceof StorageError && err.code === 'INVALID_RANGE') throw rangeError(row.size);
        throw err;
      }
    },

    // Templates

    async listTemplates(actor: Actor, query: AuthListQuery): Promise<DocumentTemplateList> {
      const { data, count } = await repo.listFiles(db, actor, 'template', {
        offset: query.limit_start,
        limit: query.limit_count,
        search: query.search,
      });
      return { data: data.map(toTemplateDto), count };
    },

    async getTemplate(actor: Actor, id: string): Promise<DocumentTemplate> {
      return toTemplateDto(await requireFile(actor, 'template', id));
    },

    /** A DOCX template: checked to be a DOCX by content and to compile; its variables are kept with it. */
    async createTemplate(
      actor: Actor,
      input: { name: string; description?: string | undefined; fileName: string | undefined; content: Buffer },
    ): Promise<DocumentTemplate> {
      if (detectFileType(input.content) !== DOCX_CONTENT_TYPE) {
        throw new AppError('UNSUPPORTED_MEDIA_TYPE', {
          message: 'A document template must be a DOCX file',
          errors: { file: ['A document template must be a DOCX file'] },
        });
      }
      const variables = extractTemplateVariables(input.content);
      const fileName = withExtension(cleanFileName(input.fileName, input.name), DOCX_CONTENT_TYPE);
      const row = await storeAndRecord(actor, input.content, {
        kind: 'template',
        fileName,
        contentType: DOCX_CONTENT_TYPE,
        name: input.name,
        description: input.description || null,
        variables,
      });
      return toTemplateDto(row);
    },

    async updateTemplate(actor: Actor, body: UpdateTemplateBody): Promise<DocumentTemplate> {
      return db.transaction(async (tx) => {
        const current = await repo.findFile(tx, actor, 'template', body.id);
        if (!current) throw notFound();
        const row = await repo.updateTemplate(tx, actor, body.id, body);
        if (!row) throw notFound();
        const after = toTemplateDto(row);
        await recordAudit(tx, actor, {
          entity: 'document-template',
          entityId: row.id,
          companyId: row.companyId,
          action: 'update',
          before: toTemplateDto(current),
          after,
        });
        return after;
      });
    },

    /** A template that serves a document (document assignment) cannot be deleted: 409 naming the documents. */
    async deleteTemplate(actor: Actor, id: string): Promise<void> {
      const row = await db.transaction(async (tx) => {
        // Locked first: an assignment being saved (which share-locks the template) is seen or waits.
        if (!(await repo.findFile(tx, actor, 'template', id, { lock: true }))) throw notFound();
        const usedBy = await repo.documentTypesUsingTemplate(tx, id);
        if (usedBy.length > 0) {
          throw new AppError('CONFLICT', {
            message: `The template is assigned to documents (${usedBy.join(', ')}); assign another template first`,
          });
        }
        return deleteRecorded(actor, 'template', id, tx);
      });
      if (!row) throw notFound();
      await removeObject(row);
    },

    /** Read from the stored DOCX itself, so the answer is always what the template holds. */
    async getTemplateVariables(actor: Actor, id: string): Promise<{ id: string; variables: string[] }> {
      const row = await requireFile(actor, 'template', id);
      return { id, variables: extractTemplateVariables(await readContent(row, limits.maxTemplateBytes)) };
    },

    async processTemplate(
      actor: Actor,
      input: { id: string; format: 'docx' | 'pdf'; variables: Record<string, unknown>; file_name?: string | undefined },
    ): Promise<{ content: Buffer; contentType: string; fileName: string }> {
      const row = await requireFile(actor, 'template', input.id);
      const filled = renderDocxTemplate(await readContent(row, limits.maxTemplateBytes), input.variables);
      const base = cleanFileName(input.file_name, row.name ?? 'document').replace(/\.(docx|pdf)$/i, '');
      if (input.format === 'docx') {
        return { content: filled, contentType: DOCX_CONTENT_TYPE, fileName: `${base}.docx` };
      }
      const pdf = await converter.convertDocx(filled);
      return { content: pdf, contentType: 'application/pdf', fileName: `${base}.pdf` };
    },
  };
}

function rangeError(size: number) {
  return new AppError('RANGE_NOT_SATISFIABLE', { headers: { 'content-range': `bytes */${size}` } });
}

const converters = new WeakMap<Deps, PdfConverter>();

/**
 * The process's LibreOffice converter (Deps are built once per process): the template routes and the product
 * documents (renderAssignedDocument) share its slots. Two converters would each run `slots` conversions at once,
 * on the same profile directories (named by process and slot), and two conversions on one profile fail.
 */
export function pdfConverterOf(deps: Deps): PdfConverter {
  let converter = converters.get(deps);
  if (!converter) {
    converter = createPdfConverter({
      sofficePath: deps.config.documents.sofficePath,
      timeoutMs: deps.config.documents.pdfConversionTimeoutMs,
    });
    converters.set(deps, converter);
  }
  return converter;
}
