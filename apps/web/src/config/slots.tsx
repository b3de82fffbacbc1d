import { Suspense } from 'react';
import { useCan } from '../lib/can';
import type { SlotEntry } from '../lib/slots';

/**
 * Every feature may declare, in its own `slots.ts`, what it adds to other features' pages; this glob gathers them,
 * so a page names no feature that adds to it. Whole modules, not `import: 'slots'`: the production build refuses a
 * named import a module does not export.
 */
const featureSlots = import.meta.glob<{ slots?: SlotEntry[] }>('./*/slots.ts', { base: '../features', eager: true });

export const SLOTS: SlotEntry[] = Object.values(featureSlots)
  .flatMap((module) => module.slots ?? [])
  .sort((a, b) => a.order - b.order);

type SlotProps = {
  name: string;
  /** The declared entries (tests pass their own). */
  entries?: SlotEntry[];
};

/** The entries the features declare for slot `name`, in order, each to the users it is for; each loads on its own. */
export function Slot({ name, entries = SLOTS }: SlotProps) {
  const { can } = useCan();
  return entries.map((entry, index) => {
    if (entry.slot !== name || (entry.permission && !can(entry.permission))) return null;
    const Component = entry.component;
    return (
      // biome-ignore lint/suspicious/noArrayIndexKey: the declared entries never change order
      <Suspense key={index} fallback={null}>
        <Component />
      </Suspense>
    );
  });
}
