import type { Deps } from '../../deps';
import type { Engine as EngineOf } from '../../lib/engines';

export type { EngineJaw, EngineOutcome, EngineRun, ProducedFile } from '../../lib/engines';

/** An engine as the cases' processing runs it (lib/engines.ts, with this process's dependencies). */
export type Engine = EngineOf<Deps>;
