package org.pgloadbench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Results stored by real runs (small runs of four shipped scenarios, two of one scenario for {@code
 * compare}), committed with the tests: every later version of the harness must still read them and
 * render the same report.md, comment.md and compare.md, byte for byte. After a deliberate change of
 * a report, {@code mvn test -Dtest=StoredRunsTest -Dgolden.update=true} rewrites the expected
 * files; review the diff.
 */
class StoredRunsTest {
  static final Path STORED = Path.of("src/test/resources/org/pgloadbench/stored");
  static final Path RESULTS = STORED.resolve("results");
  static final Path EXPECTED = STORED.resolve("expected");

  @TempDir Path reports;

  @ParameterizedTest
  @ValueSource(
      strings = {
        "ways-binary-freeze/20261130-195035",
        "middle-indexes/20261130-195112",
        "pgbench-init/20261130-195133",
        "ways-unlogged/20261130-195146"
      })
  void aStoredRunRendersTheSameReportAndComment(String run) throws IOException {
    String printed =
        cli("report", RESULTS.resolve(run).toString(), "--reports", reports.toString());
    Path reportDir = Path.of(printed.strip()).getParent();
    String name = run.replace('/', '-');
    assertSame(reportDir.resolve("report.md"), name + ".report.md");
    assertSame(reportDir.resolve("comment.md"), name + ".comment.md");
  }

  @Test
  void twoStoredRunsCompareAsBefore() throws IOException {
    cli(
        "compare",
        RESULTS.resolve("ways-binary-freeze/20261130-195035").toString(),
        RESULTS.resolve("ways-binary-freeze/20261130-195048").toString(),
        "--out",
        reports.toString());
    assertSame(reports.resolve("compare.md"), "ways-binary-freeze.compare.md");
  }

  @Test
  void everyStoredRunIsCovered() throws IOException {
    try (Stream<Path> runs = Files.list(RESULTS).flatMap(StoredRunsTest::list)) {
      assertThat(runs).hasSize(5);
    }
  }

  private static Stream<Path> list(Path dir) {
    try {
      return Files.list(dir);
    } catch (IOException e) {
      throw new IllegalStateException(e);
    }
  }

  /** Runs a command; fails on a non-zero exit; returns what it printed. */
  private static String cli(String... args) {
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    int code = Main.run(new PrintWriter(out), new PrintWriter(err), args);
    assertThat(code).as(err.toString()).isZero();
    String printed = out.toString().strip();
    return printed.substring(printed.lastIndexOf('\n') + 1);
  }

  private static void assertSame(Path written, String expected) throws IOException {
    String actual = Files.readString(written, StandardCharsets.UTF_8);
    Path file = EXPECTED.resolve(expected);
    if (Boolean.getBoolean("golden.update")) {
      Files.createDirectories(EXPECTED);
      Files.writeString(file, actual, StandardCharsets.UTF_8);
    }
    assertThat(actual).isEqualTo(Files.readString(file, StandardCharsets.UTF_8));
  }
}
