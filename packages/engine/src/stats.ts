// Small statistics for bot evaluation: proportions with Wilson 95 % intervals.

export interface Proportion {
  readonly successes: number;
  readonly trials: number;
  readonly rate: number;
  readonly low: number;
  readonly high: number;
}

/** Wilson score interval (z = 1.96): well-behaved near 0 and 1, unlike the normal approximation. */
export function wilson(successes: number, trials: number, z = 1.96): Proportion {
  if (trials === 0) return { successes, trials, rate: 0, low: 0, high: 1 };
  const p = successes / trials;
  const z2 = z * z;
  const centre = (p + z2 / (2 * trials)) / (1 + z2 / trials);
  const half = (z * Math.sqrt((p * (1 - p)) / trials + z2 / (4 * trials * trials))) / (1 + z2 / trials);
  return { successes, trials, rate: p, low: Math.max(0, centre - half), high: Math.min(1, centre + half) };
}

export function formatProportion(p: Proportion): string {
  const pct = (x: number) => (100 * x).toFixed(1);
  return `${pct(p.rate)} % [${pct(p.low)}, ${pct(p.high)}]`;
}
