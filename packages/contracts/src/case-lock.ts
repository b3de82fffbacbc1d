/** Who is asking to change a locked case: the user's id and the two kinds of caller a lock never stops. */
export type LockCaller = {
  userId: string | null | undefined;
  /** An administrator: may override another user's lock. */
  admin: boolean;
  /** The engine's API key: a processing that was paid for finishes under any lock. */
  engine?: boolean;
};

/**
 * The case lock (ADR 0102): a locked case may be changed only by the user who locked it, administrators and the
 * engine. One rule for the server, which enforces it, and the web, which offers no change the server would refuse.
 */
export function lockLetsThrough(lockedBy: string | null | undefined, caller: LockCaller): boolean {
  if (!lockedBy) return true;
  return lockedBy === caller.userId || caller.admin || caller.engine === true;
}
