import type { Jaw, ResultFile, ScanQuality } from '@cuspid/contracts/cases';

/**
 * Engines (ADR 0101, 0132): what processes a case's scans. Modules declare theirs (`defineModule({ engines })`),
 * each under an id of its own; a case is processed by the engine its `engine` column names (the configured default,
 * CASE_ENGINE, when it was created). Generic in the dependencies so that lib/ does not import Deps.
 */

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
 * An engine adapter. `process` either does the work and answers the outcome (the built-in reference engine), or
 * hands the run to a service elsewhere and answers `dispatched`: that engine then reports through the API
 * (POST /save-results, /case-results/{id}) with an API key holding the engine scope. A thrown error is a failed
 * attempt: the job retries with backoff, and the run fails for good after CASE_PROCESSING_ATTEMPTS attempts.
 */
export type Engine<D> = {
  /** The key cases name it by (their `engine` column, results' `engine`, CASE_ENGINE). */
  id: string;
  process(deps: D, run: EngineRun): Promise<EngineOutcome | 'dispatched'>;
};

/** The engines of a process, by id, and the one new cases get. */
export type EngineRegistry<D> = {
  /** The engine of this id; throws for an id no module declares (the run's attempt fails with the message). */
  get(id: string): Engine<D>;
  /** The id new cases are processed by (configuration). */
  readonly defaultId: string;
  readonly ids: readonly string[];
};

/** The registry of the engines the modules declare; two engines of one id, or an unknown default, stop the boot. */
export function createEngineRegistry<D>(engines: readonly Engine<D>[], defaultId: string): EngineRegistry<D> {
  const byId = new Map<string, Engine<D>>();
  for (const engine of engines) {
    if (byId.has(engine.id)) throw new Error(`Two engines are declared with the id ${engine.id}`);
    byId.set(engine.id, engine);
  }
  const ids = [...byId.keys()];
  if (!byId.has(defaultId)) throw new Error(`CASE_ENGINE: no engine ${defaultId} (declared: ${ids.join(', ')})`);
  return {
    get(id) {
      const engine = byId.get(id);
      if (!engine) throw new Error(`The ${id} engine is not available in this process`);
      return engine;
    },
    defaultId,
    ids,
  };
}
