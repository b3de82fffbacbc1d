/** The deepest nesting of arrays and objects a JSON body may have: far beyond any call's shape, far below the stack. */
export const MAX_JSON_DEPTH = 100;

/**
 * Whether JSON text nests arrays and objects deeper than `limit`, counted in one pass over the text (brackets inside
 * strings skipped) before anything parses or validates it: a body of 10,000 nested arrays parses, but validating or
 * stringifying it recursively would exhaust the stack.
 */
export function jsonNestsDeeperThan(text: string, limit: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (inString) {
      if (code === 0x5c)
        i++; // backslash: the next character is escaped
      else if (code === 0x22) inString = false;
    } else if (code === 0x22) inString = true;
    else if (code === 0x5b || code === 0x7b) {
      if (++depth > limit) return true;
    } else if (code === 0x5d || code === 0x7d) depth--;
  }
  return false;
}
