package org.pgloadbench.dataset;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import org.pgloadbench.server.WorkRoot;

/**
 * A cache directory derived once from a file, before any clock starts, then read by every load (a
 * PBF file's decoded objects, their geometries). It is derived into a temporary directory beside it
 * and moved into place whole, so a reader never sees part of one, and of two processes deriving it
 * at once the one that got there first wins.
 */
final class DerivedDir {
  private DerivedDir() {}

  /** Writes the directory's files into {@code partial}, its {@code complete} file last. */
  interface Derivation {
    void into(Path partial) throws IOException;
  }

  /**
   * Derives {@code dir} unless it holds its {@code complete} file already; {@code prefix} starts
   * the temporary directory's name.
   */
  static void once(Path dir, String complete, String prefix, Derivation derivation)
      throws IOException {
    if (Files.isRegularFile(dir.resolve(complete))) {
      return;
    }
    Path partial = Files.createTempDirectory(Files.createDirectories(dir.getParent()), prefix);
    try {
      derivation.into(partial);
      try {
        Files.move(partial, dir, StandardCopyOption.ATOMIC_MOVE);
      } catch (IOException e) {
        // e.g. a non-empty directory of that name: fine if it holds a complete derivation
        if (!Files.isRegularFile(dir.resolve(complete))) {
          throw e;
        }
      }
    } finally {
      WorkRoot.delete(partial);
    }
  }
}
