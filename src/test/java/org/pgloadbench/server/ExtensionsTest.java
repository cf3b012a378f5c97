package org.pgloadbench.server;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assumptions.assumeThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Whether a target's server has an extension, asked before any server starts: the embedded binaries
 * have the contrib extensions and no PostGIS; a local build is looked at where pg_config says, or
 * beside its bin dir without one; Debian's PostgreSQL 15 with postgresql-15-postgis-3 has it where
 * installed.
 */
@Tag("server")
class ExtensionsTest {
  static final Path DEBIAN_PG15 = Path.of("/usr/lib/postgresql/15/bin");

  @TempDir Path dir;

  @Test
  void theEmbeddedBinariesHaveNoPostgis() throws Exception {
    EmbeddedTarget embedded = Embedded.target(dir);
    assertThat(embedded.whyNoExtension("15", "postgis"))
        .startsWith("the embedded PostgreSQL 15.")
        .endsWith("binaries have no postgis extension");
    assertThat(embedded.whyNoExtension("15", "plpgsql")).isNull();
  }

  @Test
  void aLocalBuildWithoutPgConfigIsLookedAtBesideItsBinDir() throws Exception {
    PostgresDistributions binaries = PostgresDistributions.fromSystemProperty();
    Path bin = binaries.install(binaries.resolve("15")).resolve("bin");
    LocalTarget local = new LocalTarget(Map.of("b", bin.toString()), dir);
    assertThat(local.whyNoExtension("b", "postgis"))
        .startsWith("PostgreSQL 15.")
        .contains(" in " + bin + " has no postgis extension (none in ");
    assertThat(local.whyNoExtension("b", "plpgsql")).isNull();
  }

  @Test
  void debiansPostgresql15WithPostgisHasIt() throws Exception {
    assumeThat(Files.exists(Path.of("/usr/share/postgresql/15/extension/postgis.control")))
        .as("needs Debian's PostgreSQL 15 and PostGIS: apt-get install -y postgresql-15-postgis-3")
        .isTrue();
    LocalTarget local =
        new LocalTarget(Map.of(LocalTarget.UNLABELLED, DEBIAN_PG15.toString()), dir);
    assertThat(local.whyNoExtension(LocalTarget.UNLABELLED, "postgis")).isNull();
    assertThat(local.whyNoExtension(LocalTarget.UNLABELLED, "no_such_extension"))
        .contains(
            "has no no_such_extension extension (none in /usr/share/postgresql/15/extension)");
  }
}
