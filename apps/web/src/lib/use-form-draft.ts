import { useEffect, useRef } from 'react';

/**
 * Keeps what the user typed into a form across a reload of the tab: the values are written to sessionStorage
 * under `key` as they change and handed to `restore` once when the form mounts again. sessionStorage, not
 * localStorage: a draft (a patient's name) does not outlive the tab on a shared computer. `clear` forgets it
 * (after the form was saved). A draft that cannot be read is dropped.
 */
export function useFormDraft<T extends object>(key: string, values: T, restore: (draft: Partial<T>) => void) {
  const restored = useRef(false);
  const restoreRef = useRef(restore);
  restoreRef.current = restore;

  useEffect(() => {
    if (restored.current) return;
    restored.current = true;
    try {
      const raw = globalThis.sessionStorage?.getItem(key);
      const draft: unknown = raw ? JSON.parse(raw) : null;
      if (draft && typeof draft === 'object' && !Array.isArray(draft)) restoreRef.current(draft as Partial<T>);
    } catch {
      globalThis.sessionStorage?.removeItem(key);
    }
  }, [key]);

  useEffect(() => {
    if (!restored.current) return;
    try {
      globalThis.sessionStorage?.setItem(key, JSON.stringify(values));
    } catch {
      // Storage full or disabled: the draft is only a convenience.
    }
  }, [key, values]);

  return { clear: () => globalThis.sessionStorage?.removeItem(key) };
}
