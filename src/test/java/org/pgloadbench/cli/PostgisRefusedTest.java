package org.pgloadbench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A geometry scenario on a target without PostGIS: one line naming what to install, before any
 * server starts or any result is written, exit 2.
 */
class PostgisRefusedTest {
  @TempDir Path dir;

  @Test
  void theEmbeddedTargetIsRefusedInOneLine() {
    StringWriter err = new StringWriter();
    int code =
        Main.run(
            new PrintWriter(new StringWriter()),
            new PrintWriter(err),
            "bench",
            "gist-geometry",
            "--target",
            "embedded",
            "--pg",
            "15",
            "--results",
            dir.resolve("results").toString(),
            "--reports",
            dir.resolve("reports").toString());
    assertThat(code).isEqualTo(2);
    assertThat(err.toString().strip())
        .startsWith("postgis: the embedded PostgreSQL 15.")
        .contains(
            "binaries have no postgis extension, which the geometry dataset needs; install"
                + " PostGIS: on Debian, apt-get install postgresql-15-postgis-3")
        .doesNotContain("\n");
    assertThat(dir.resolve("results")).doesNotExist();
  }
}
