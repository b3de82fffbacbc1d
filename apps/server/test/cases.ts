import { createHash, randomUUID } from 'node:crypto';
import type { CaseStatus, Jaw } from '@cuspid/contracts/cases';
import type { Deps } from '../src/deps';
import { caseJaws, caseResultFiles, caseResults, cases } from '../src/modules/cases/cases.schema';
import { addCredits, spendCredits } from '../src/modules/credits';

/** A small valid binary STL (a tetrahedron of `size` mm): enough to be a stored scan file. */
export function tetrahedronStl(size = 10): Buffer {
  const v = [
    [0, 0, 0],
    [size, 0, 0],
    [0, size, 0],
    [0, 0, size],
  ] as const;
  const faces = [
    [0, 2, 1],
    [0, 1, 3],
    [1, 2, 3],
    [0, 3, 2],
  ] as const;
  const buffer = Buffer.alloc(84 + faces.length * 50);
  buffer.write('cuspid test tetrahedron', 0, 'ascii');
  buffer.writeUInt32LE(faces.length, 80);
  faces.forEach((face, i) => {
    let offset = 84 + i * 50 + 12;
    for (const index of face) {
      for (const coordinate of v[index]!) {
        buffer.writeFloatLE(coordinate, offset);
        offset += 4;
      }
    }
  });
  return buffer;
}

export type TestCaseOptions = {
  companyId: string;
  createdBy?: string | null;
  status?: CaseStatus;
  previousStatus?: CaseStatus | null;
  jaws?: Jaw[];
  upperTeeth?: number[];
  lowerTeeth?: number[];
  /** Spend this many credits on it (granted first), as a submission would. */
  credits?: number;
  /** A result version with one file. */
  withResult?: boolean;
  name?: string;
  /** The scan of a jaw (default: a small tetrahedron STL named `<jaw>.stl`). */
  files?: Partial<Record<Jaw, { fileName: string; content: Uint8Array }>>;
  /** The engine that processes it (default: the configured one, as a submission gives it). */
  engine?: string;
};

/**
 * A case written straight to the database, with its scans in storage: the state a submitted case reaches,
 * for tests of what comes after submission (actions, reviews, results).
 */
export async function createTestCase(deps: Deps, options: TestCaseOptions) {
  const jaws = options.jaws ?? ['upper', 'lower'];
  const id = randomUUID();
  let chargeBookingId: string | null = null;
  if (options.credits) {
    await deps.db.transaction(async (tx) => {
      await addCredits(tx, {
        companyId: options.companyId,
        creditType: 'paid',
        amount: options.credits!,
        reason: 'manual_grant',
      });
      chargeBookingId = (
        await spendCredits(tx, {
          companyId: options.companyId,
          amount: options.credits!,
          reason: 'case_submission',
          caseId: id,
        })
      ).bookingId;
    });
  }
  const status = options.status ?? 'in-approval';
  const [row] = await deps.db
    .insert(cases)
    .values({
      id,
      companyId: options.companyId,
      createdBy: options.createdBy ?? null,
      name: options.name ?? `Case ${id.slice(0, 8)}`,
      patient: 'Patient P-1',
      status,
      previousStatus: options.previousStatus ?? null,
      upperTeeth: options.upperTeeth ?? (jaws.includes('upper') ? [11, 21] : []),
      lowerTeeth: options.lowerTeeth ?? (jaws.includes('lower') ? [36] : []),
      creditsSpent: options.credits ?? 0,
      chargeBookingId,
      processingRun: 1,
      engine: options.engine ?? deps.engines.defaultId,
      resultCount: options.withResult ? 1 : 0,
    })
    .returning();
  const stl = tetrahedronStl();
  for (const jaw of jaws) {
    const file = options.files?.[jaw];
    const content = file ? Buffer.from(file.content) : stl;
    const fileName = file?.fileName ?? `${jaw}.stl`;
    const key = `cases/${id}/scans/${fileName}`;
    await deps.storage.put(key, content, { contentType: 'model/stl', contentLength: content.length });
    await deps.db.insert(caseJaws).values({
      caseId: id,
      jaw,
      fileName,
      contentType: 'model/stl',
      size: content.length,
      sha256: createHash('sha256').update(content).digest('hex'),
      storageKey: key,
      status: status === 'queued' || status === 'in-progress' ? 'queued' : 'done',
    });
  }
  let resultId: string | null = null;
  let resultFileId: string | null = null;
  if (options.withResult) {
    const [result] = await deps.db
      .insert(caseResults)
      .values({ caseId: id, version: 1, status: 'done', engine: 'reference', processingRun: 1 })
      .returning();
    resultId = result!.id;
    const key = `cases/${id}/results/1/upper-crown.stl`;
    await deps.storage.put(key, stl, { contentType: 'model/stl', contentLength: stl.length });
    const [file] = await deps.db
      .insert(caseResultFiles)
      .values({
        resultId,
        kind: 'mesh',
        jaw: 'upper',
        fileName: 'upper-crown.stl',
        contentType: 'model/stl',
        size: stl.length,
        sha256: createHash('sha256').update(stl).digest('hex'),
        storageKey: key,
      })
      .returning();
    resultFileId = file!.id;
  }
  return { row: row!, id, resultId, resultFileId };
}
