/** A well-mixed, stable 32-bit hash of a text (FNV-1a): the same on every instance and every version. */
export function fnv1a(text: string): number {
  let hash = 0x811c9dc5;
  for (const char of text) hash = Math.imul(hash ^ (char.codePointAt(0) ?? 0), 0x01000193) >>> 0;
  return hash;
}
