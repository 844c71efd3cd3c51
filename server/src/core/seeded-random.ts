/**
 * A seeded random source (mulberry32): the same seed gives the same numbers in [0, 1), so generated
 * data is the same on every run (the bench's district and students, the tests' random catalogues).
 * For reproducible test and bench data only, never for anything secret.
 */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
