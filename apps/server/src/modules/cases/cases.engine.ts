import type { Jaw, ResultFile, ScanQuality } from '@cuspid/contracts/cases';
import type { Deps } from '../../deps';

/** One jaw scan handed to an engine. */
export type EngineJaw = {
  jaw: Jaw;
  fileName: string;
  contentType: string;
  size: number;
  sha256: string;
  storageKey: string;
};

/** One processing run of a case, as an engine receives it. */
export type EngineRun = {
  caseId: string;
  companyId: string;
  /** The case's processing run: answers for an older run change nothing. */
  run: number;
  /** 1 for the first try of this run, 2 for the first retry, … */
  attempt: number;
  upperTeeth: number[];
  lowerTeeth: number[];
  jaws: EngineJaw[];
};

/** A file an engine produced, ready to be stored as part of a result version. */
export type ProducedFile = {
  kind: ResultFile['kind'];
  jaw: Jaw | null;
  fileName: string;
  contentType: string;
  body: Uint8Array;
};

/** How a processing run ended, per jaw and in all. */
export type EngineOutcome = {
  status: 'done' | 'unsupported' | 'failed';
  /** Why (shown to the customer for unsupported and failed). */
  reason?: string | null;
  jaws: { jaw: Jaw; status: 'done' | 'unsupported'; reason?: string | null; quality?: ScanQuality | null }[];
  /** Files of a new result version (done only). */
  files?: ProducedFile[];
};

/**
 * An engine adapter (ADR 0101). `process` either does the work and answers the outcome (the built-in
 * reference engine), or hands the run to a service elsewhere and answers `dispatched`: that engine then
 * reports through the API (POST /save-results, /case-results/{id}) with an API key holding the engine scope.
 * A thrown error is a failed attempt: the job retries with backoff, and the run fails for good after
 * CASE_PROCESSING_ATTEMPTS attempts.
 */
export type Engine = {
  kind: 'reference' | 'external';
  process(deps: Deps, run: EngineRun): Promise<EngineOutcome | 'dispatched'>;
};
