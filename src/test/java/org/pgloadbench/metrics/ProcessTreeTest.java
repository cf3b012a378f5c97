package org.pgloadbench.metrics;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * A process tree's CPU time and bytes, read from this machine's /proc: a child that burnt CPU and
 * exited still counts (folded into its parent when reaped), as a backend that ends during a step
 * must.
 */
class ProcessTreeTest {
  /** A shell whose child spins about 0.3 s of CPU, writes 4 MB to disk and exits; then it waits. */
  private static final String TREE =
      "(i=0; while [ $i -lt 200000 ]; do i=$((i+1)); done;"
          + " dd if=/dev/zero of=\"$0\" bs=1M count=4 conv=fsync 2>/dev/null); sleep 30";

  @Test
  void aChildThatExitedIsCountedInItsParent() throws Exception {
    // target/ rather than /tmp, which may be a tmpfs whose writes reach no disk
    Path file = Files.createTempFile(Path.of("target"), "tree", ".bin");
    Process root = new ProcessBuilder("sh", "-c", TREE, file.toString()).start();
    try {
      ProcessTree tree = new ProcessTree(root::pid);
      ResourceUse start = new ResourceUse(0.0, 0.0, 0L, 0L);
      awaitChildGone(root);

      ResourceUse used = tree.read().since(start);

      assertThat(used.cpuUserSeconds() + used.cpuSystemSeconds()).isGreaterThan(0.05);
      if (used.writtenBytes() != null) { // another user's /proc/<pid>/io needs root
        assertThat(used.writtenBytes()).isGreaterThanOrEqualTo(4L << 20);
      }
      assertThat(tree.read().cpuUserSeconds()).isEqualTo(tree.read().cpuUserSeconds());
    } finally {
      root.destroyForcibly().waitFor(5, TimeUnit.SECONDS);
      Files.deleteIfExists(file);
    }
  }

  @Test
  void aLiveChildCountsAndAGoneRootReadsAsUnknown() throws Exception {
    Process root = new ProcessBuilder("sh", "-c", "sh -c 'while :; do :; done' & sleep 30").start();
    try {
      ProcessTree tree = new ProcessTree(root::pid);
      ResourceUse before = tree.read();
      // a busy child spends 0.1 s of CPU in 0.1 s on an idle machine; a loaded one may give it a
      // fraction of a core, so the test waits (up to 20 s) for the CPU rather than for the clock
      ResourceUse used = tree.read().since(before);
      for (long end = System.nanoTime() + 20_000_000_000L;
          used.cpuUserSeconds() + used.cpuSystemSeconds() <= 0.1 && System.nanoTime() < end; ) {
        Thread.sleep(100);
        used = tree.read().since(before);
      }
      assertThat(used.cpuUserSeconds() + used.cpuSystemSeconds()).isGreaterThan(0.1);
    } finally {
      root.descendants().forEach(ProcessHandle::destroyForcibly);
      root.destroyForcibly().waitFor(5, TimeUnit.SECONDS);
    }
    assertThat(new ProcessTree(root::pid).read()).isEqualTo(ResourceUse.UNKNOWN);
  }

  private static void awaitChildGone(Process root) throws InterruptedException {
    Thread.sleep(100);
    for (int i = 0; i < 100 && root.descendants().anyMatch(d -> !isSleep(d)); i++) {
      Thread.sleep(100);
    }
  }

  private static boolean isSleep(ProcessHandle p) {
    return p.info().command().map(c -> c.endsWith("sleep")).orElse(false);
  }
}
