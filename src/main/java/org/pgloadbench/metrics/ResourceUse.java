package org.pgloadbench.metrics;

/**
 * What a server's processes had used up to one moment (counters that only grow), or, as {@link
 * #since}, between two moments. A figure the target cannot see is null.
 *
 * @param cpuUserSeconds CPU time in user mode, every process of the server, exited ones included
 * @param cpuSystemSeconds CPU time in the kernel on the server's behalf
 * @param readBytes bytes the server's processes caused to be read from storage (not from the page
 *     cache)
 * @param writtenBytes bytes the server's processes handed to the kernel to be written to storage
 */
public record ResourceUse(
    Double cpuUserSeconds, Double cpuSystemSeconds, Long readBytes, Long writtenBytes) {
  public static final ResourceUse UNKNOWN = new ResourceUse(null, null, null, null);

  /** What was used from {@code before} to this reading; null where either does not know. */
  public ResourceUse since(ResourceUse before) {
    return new ResourceUse(
        minus(cpuUserSeconds, before.cpuUserSeconds),
        minus(cpuSystemSeconds, before.cpuSystemSeconds),
        minus(readBytes, before.readBytes),
        minus(writtenBytes, before.writtenBytes));
  }

  /** To the microsecond, below any counter's resolution, without floating-point dust. */
  private static Double minus(Double after, Double before) {
    return after == null || before == null
        ? null
        : Math.max(0, Math.round((after - before) * 1e6) / 1e6);
  }

  /** How much a counter grew from {@code before}; null where either is not known. */
  static Long minus(Long after, Long before) {
    return after == null || before == null ? null : Math.max(0, after - before);
  }
}
