import { and, eq, inArray, lt, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { uploads } from './uploads.schema';

export type UploadRow = typeof uploads.$inferSelect;
export type NewUpload = typeof uploads.$inferInsert;

export async function insertUpload(db: DbOrTx, values: NewUpload): Promise<UploadRow> {
  const [row] = await db.insert(uploads).values(values).returning();
  return row!;
}

export async function findUpload(db: DbOrTx, id: string): Promise<UploadRow | undefined> {
  const [row] = await db.select().from(uploads).where(eq(uploads.id, id));
  return row;
}

/** Locks the row until the transaction ends (consuming, completing: one at a time per upload). */
export async function lockUpload(tx: DbOrTx, id: string): Promise<UploadRow | undefined> {
  const [row] = await tx.select().from(uploads).where(eq(uploads.id, id)).for('update');
  return row;
}

export async function markStored(
  db: DbOrTx,
  id: string,
  values: { size: number; sha256: string; storageKey: string },
): Promise<UploadRow | undefined> {
  const [row] = await db
    .update(uploads)
    .set({ ...values, status: 'stored', completedAt: sql`now()` })
    .where(and(eq(uploads.id, id), eq(uploads.status, 'uploading')))
    .returning();
  return row;
}

/**
 * The last byte arrived, but the file is no scan that can be processed: refused with the reason (the message) and
 * the error it answers; nothing was stored. Undefined when the upload was cancelled meanwhile.
 */
export async function markRefused(
  db: DbOrTx,
  id: string,
  values: { failureReason: string; refusal: NonNullable<UploadRow['refusal']> },
): Promise<UploadRow | undefined> {
  const [row] = await db
    .update(uploads)
    .set({ ...values, status: 'refused', completedAt: sql`now()` })
    .where(and(eq(uploads.id, id), eq(uploads.status, 'uploading')))
    .returning();
  return row;
}

export async function setStatus(
  db: DbOrTx,
  id: string,
  from: UploadRow['status'],
  to: 'verified' | 'failed' | 'consumed',
  failureReason?: string,
): Promise<UploadRow | undefined> {
  const [row] = await db
    .update(uploads)
    .set({
      status: to,
      ...(to === 'failed' ? { failureReason: failureReason ?? 'failed' } : {}),
      ...(to === 'consumed' ? { consumedAt: sql`now()` } : {}),
    })
    .where(and(eq(uploads.id, id), eq(uploads.status, from)))
    .returning();
  return row;
}

export async function deleteUpload(db: DbOrTx, id: string): Promise<void> {
  await db.delete(uploads).where(eq(uploads.id, id));
}

/**
 * What the clean-up removes: uploads never finished and checked (uploading, stored, failed, refused) created
 * before `unfinishedBefore`, and verified ones never consumed, finished before `unconsumedBefore`.
 */
export async function findStaleUploads(
  db: DbOrTx,
  cutoffs: { unfinishedBefore: Date; unconsumedBefore: Date },
  limit = 500,
): Promise<UploadRow[]> {
  return db
    .select()
    .from(uploads)
    .where(
      or(
        and(
          inArray(uploads.status, ['uploading', 'stored', 'failed', 'refused']),
          lt(uploads.createdAt, cutoffs.unfinishedBefore),
        ),
        and(eq(uploads.status, 'verified'), lt(uploads.completedAt, cutoffs.unconsumedBefore)),
      ),
    )
    .limit(limit);
}

/** Which of these ids have a row in the uploading state (the staging files that are still wanted). */
export async function uploadingIds(db: DbOrTx, ids: readonly string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .select({ id: uploads.id })
    .from(uploads)
    .where(and(inArray(uploads.id, [...ids]), eq(uploads.status, 'uploading')));
  return new Set(rows.map((r) => r.id));
}
