/** A source of uniform numbers in [0, 1), injectable so that the choices can be tested. */
export type Random = () => number;

/**
 * Picks items in proportion to their weights: one uniform draw against the cumulative weights. The linear
 * scan is deliberate: the mix has a handful of routes, fewer than a binary search would pay off for.
 */
export function weightedPicker<T>(entries: ReadonlyArray<readonly [T, number]>): (random: Random) => T {
  if (entries.some(([, weight]) => !Number.isFinite(weight) || weight < 0)) {
    throw new Error('weights must be finite and not negative');
  }
  const drawable = entries.filter(([, weight]) => weight > 0);
  const total = drawable.reduce((sum, [, weight]) => sum + weight, 0);
  let running = 0;
  const cumulative = drawable.map(([item, weight]) => {
    running += weight;
    return { item, upTo: running / total };
  });
  const last = cumulative.at(-1);
  if (!last) throw new Error('a weighted choice needs at least one positive weight');
  return (random) => {
    const draw = random();
    // Rounding can leave the last boundary a hair under 1; the last entry takes whatever is left.
    return (cumulative.find((entry) => draw < entry.upTo) ?? last).item;
  };
}

/** One element chosen uniformly. */
export function pickOne<T>(items: readonly T[], random: Random): T {
  if (items.length === 0) throw new Error('cannot pick from an empty list');
  return items[Math.floor(random() * items.length)] as T;
}

/** A uniform number in [min, max]: the think time between two requests of a virtual user. */
export function uniformBetween(min: number, max: number, random: Random): number {
  return min + (max - min) * random();
}
