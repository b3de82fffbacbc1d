import type { CommandEntry, SearchAreaEntry } from '../lib/routes';

/**
 * Every feature may declare, in its own `commands.ts`, actions of the command palette (`commands`) and how the
 * records of its area found by the global search open (`searchAreas`); this glob gathers them into the chunk of
 * the signed-in chrome, where the palette lives.
 */
const featureCommands = import.meta.glob<{ commands?: CommandEntry[]; searchAreas?: SearchAreaEntry[] }>(
  './*/commands.ts',
  { base: '../features', eager: true },
);

export const COMMANDS: CommandEntry[] = Object.values(featureCommands)
  .flatMap((module) => module.commands ?? [])
  .sort((a, b) => a.order - b.order);

export const SEARCH_AREAS: SearchAreaEntry[] = Object.values(featureCommands).flatMap(
  (module) => module.searchAreas ?? [],
);
