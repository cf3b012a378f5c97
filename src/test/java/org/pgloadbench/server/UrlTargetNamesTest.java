package org.pgloadbench.server;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import org.junit.jupiter.api.Test;

/**
 * A URL target's database and role go into the JDBC URL and its properties: percent-encoded text
 * there (the issue's {@code db%3Fssl%3Dfalse}, which decodes to {@code db?ssl=false}) could add
 * driver parameters, so only plain names are taken; parameters, which would be dropped, are refused
 * too. Checked before anything connects.
 */
class UrlTargetNamesTest {
  @Test
  void plainNamesAreTaken() throws Exception {
    assertThat(target("postgresql://bench_1@db.example:5433/my-db.v2").resolve("url"))
        .isEqualTo("the server at db.example:5433/my-db.v2");
    assertThat(target("postgres://db.example/").resolve("url"))
        .isEqualTo("the server at db.example:5432/postgres");
  }

  @Test
  void aPercentEncodedDatabaseIsRefused() {
    assertRefused("postgresql://bench@db.example/db%3Fssl%3Dfalse", "must be plain names");
    assertRefused(
        "postgresql://bench@db.example/db%3FsocketFactory%3Dx%26sslmode%3Ddisable",
        "must be plain names");
    assertRefused("postgresql://bench@db.example/db%20x", "must be plain names");
  }

  @Test
  void aRoleThatIsNotAPlainNameIsRefused() {
    assertRefused("postgresql://be%3Fnch@db.example/db", "must be plain names");
    assertRefused("postgresql://be%40nch@db.example/db", "must be plain names");
  }

  @Test
  void parametersAreRefusedRatherThanDropped() {
    assertRefused("postgresql://bench@db.example/db?sslmode=require", "parameters (?...)");
  }

  private static UrlTarget target(String url) {
    return new UrlTarget(url, "20261130-050000", name -> null);
  }

  private static void assertRefused(String url, String why) {
    ServerException e =
        catchThrowableOfType(ServerException.class, () -> target(url).resolve("url"));
    assertThat(e).as(url).isNotNull();
    assertThat(e.getMessage())
        .contains(why)
        .contains("write postgresql://user@host:port/db")
        .doesNotContain("\n");
    assertThat(e.field()).isEqualTo("target");
  }
}
