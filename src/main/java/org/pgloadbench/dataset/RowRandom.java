package org.pgloadbench.dataset;

/**
 * A splitmix64 generator that is re-seeded for every row from a hash of (seed, stream, row index),
 * so any row can be generated alone: that is what makes slices exact and parallel loads repeatable.
 * One instance per writer is reused for all its rows; it is not thread-safe.
 */
final class RowRandom {
  private static final long GOLDEN_GAMMA = 0x9E3779B97F4A7C15L;

  private final long streamSeed;
  private long state;

  /** {@code stream} separates the tables (and other independent uses) sharing one dataset seed. */
  RowRandom(long seed, long stream) {
    this.streamSeed = mix64(seed ^ mix64(stream + GOLDEN_GAMMA));
  }

  /** Starts the draws of row {@code index}: the same index always gives the same draws. */
  void startRow(long index) {
    state = mix64(streamSeed + index * GOLDEN_GAMMA);
  }

  long nextLong() {
    state += GOLDEN_GAMMA;
    return mix64(state);
  }

  /** Uniform in [0, bound) for bound > 0 (multiply-shift: a bias of at most bound / 2^32). */
  int nextInt(int bound) {
    return (int) (((nextLong() >>> 32) * bound) >>> 32);
  }

  /** Uniform in [from, to]. */
  long nextLong(long from, long to) {
    return from + Long.remainderUnsigned(nextLong(), to - from + 1);
  }

  /** True with probability {@code percent} / 100. */
  boolean percent(int percent) {
    return nextInt(100) < percent;
  }

  /** Uniform in (0, 1]: never 0, so its logarithm is finite. */
  double nextUnitInterval() {
    return ((nextLong() >>> 11) + 1) * 0x1.0p-53;
  }

  /** A standard normal draw (Box-Muller; the second value of the pair is discarded). */
  double nextGaussian() {
    return Math.sqrt(-2 * Math.log(nextUnitInterval()))
        * Math.cos(2 * Math.PI * nextUnitInterval());
  }

  /** Stafford's mix13, the splitmix64 finalizer: a bijective, well-avalanched 64-bit hash. */
  static long mix64(long z) {
    z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
    z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
    return z ^ (z >>> 31);
  }
}
