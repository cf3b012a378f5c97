package org.pgloadbench.dataset;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The decoded-file cache under the work root chooses the rows every target loads: it is checked
 * like the work root, before anything is decoded into it or read from it.
 */
class PbfCacheTest {
  @TempDir Path dir;

  static final DatasetSpec PBF =
      new OsmPbfDataset.Spec(OsmPbfDatasetTest.LIECHTENSTEIN, List.of("nodes"));

  @Test
  void aCacheThatIsALinkIsRefused() throws Exception {
    Path work = Files.createDirectory(dir.resolve("work"));
    Path elsewhere = Files.createDirectory(dir.resolve("elsewhere"));
    Files.createSymbolicLink(work.resolve("osm-pbf"), elsewhere);
    assertRefused(work, "osm-pbf: is a symbolic link", elsewhere);
  }

  @Test
  void aCacheOthersMayWriteToIsRefused() throws Exception {
    Path work = Files.createDirectory(dir.resolve("work"));
    Path cache = Files.createDirectory(work.resolve("osm-pbf"));
    Files.setPosixFilePermissions(cache, PosixFilePermissions.fromString("rwxrwxrwx"));
    assertRefused(work, "osm-pbf: other users may write to it (mode rwxrwxrwx)", cache);
  }

  /** Refused in one line, and nothing was decoded into {@code cache}. */
  private static void assertRefused(Path work, String why, Path cache) throws Exception {
    assertThatThrownBy(() -> PBF.open(work, note -> {}))
        .isInstanceOf(DataFileException.class)
        .hasMessageStartingWith("work dir " + work.toAbsolutePath())
        .hasMessageContaining(why)
        .hasMessageNotContaining("\n");
    try (var entries = Files.list(cache)) {
      assertThat(entries).isEmpty();
    }
  }
}
