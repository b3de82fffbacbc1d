/**
 * After a failed submit, focus moves to the first field in error (WCAG 3.3.1), for every form at once: a listener on
 * the document sees each form's submit, and once the form has rendered its errors (client validation, at once) the
 * first field Mantine marked `aria-invalid` gets the focus. Server field errors arrive later; notifyError calls
 * focusFirstErrorSoon after setting them on the form.
 */

let lastSubmitted: HTMLFormElement | null = null;

/** Focuses the first field of `root` marked invalid, in document order; false when there is none. */
export function focusFirstError(root: ParentNode): boolean {
  const field = root.querySelector<HTMLElement>('[aria-invalid="true"]');
  if (!field) return false;
  field.focus();
  return true;
}

/**
 * After the current render has been committed: focuses the first field in error of `form`, by default the form
 * submitted last (or else the one holding the focus).
 */
export function focusFirstErrorSoon(form: HTMLFormElement | null = null): void {
  setTimeout(() => {
    const target =
      form ?? (lastSubmitted?.isConnected ? lastSubmitted : (document.activeElement?.closest('form') ?? null));
    if (target?.isConnected) focusFirstError(target);
  }, 0);
}

/** Watches every form's submit in `doc`; returns the function that stops it. */
export function installFocusFirstError(doc: Document = document): () => void {
  const onSubmit = (event: Event) => {
    if (!(event.target instanceof HTMLFormElement)) return;
    lastSubmitted = event.target;
    focusFirstErrorSoon(event.target);
  };
  doc.addEventListener('submit', onSubmit, true);
  return () => {
    doc.removeEventListener('submit', onSubmit, true);
    lastSubmitted = null;
  };
}
