package org.pgloadbench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code pgloadbench dump}: the COPY bytes of a scenario's table in a file, whole or in slices. */
class DumpCommandTest {
  @TempDir Path dir;
  private final StringWriter out = new StringWriter();
  private final StringWriter err = new StringWriter();

  private int run(String... args) {
    return Main.run(new PrintWriter(out), new PrintWriter(err), args);
  }

  @Test
  void writesTheTextRowsAndTheirSlices() throws Exception {
    Path scenario = dir.resolve("small.yaml");
    Files.writeString(scenario, MainTest.SMALL);
    Path whole = dir.resolve("rels.copy");
    assertThat(run("dump", scenario.toString(), "--table", "rels", "-o", whole.toString()))
        .isEqualTo(0);
    assertThat(Files.readAllLines(whole, StandardCharsets.UTF_8)).hasSize(500);
    assertThat(out.toString()).contains("500 rows");

    Path sliced = dir.resolve("slices.copy");
    assertThat(
            run(
                "dump",
                scenario.toString(),
                "--table",
                "rels",
                "--parts",
                "3",
                "-o",
                sliced.toString()))
        .isEqualTo(0);
    String joined =
        Files.readString(Path.of(sliced + ".0"))
            + Files.readString(Path.of(sliced + ".1"))
            + Files.readString(Path.of(sliced + ".2"));
    assertThat(joined).isEqualTo(Files.readString(whole));
  }

  @Test
  void binaryHasPostgresHeaderAndAnUnknownTableIsOneLine() throws Exception {
    Path scenario = dir.resolve("small.yaml");
    Files.writeString(scenario, MainTest.SMALL);
    Path file = dir.resolve("rels.bin");
    assertThat(
            run(
                "dump",
                scenario.toString(),
                "--table",
                "rels",
                "--format",
                "binary",
                "-o",
                file.toString()))
        .isEqualTo(0);
    assertThat(new String(Files.readAllBytes(file), 0, 6, StandardCharsets.ISO_8859_1))
        .isEqualTo("PGCOPY");

    assertThat(run("dump", scenario.toString(), "--table", "ways", "-o", file.toString()))
        .isEqualTo(2);
    assertThat(err.toString().strip().lines())
        .singleElement()
        .asString()
        .contains("no table 'ways'");
  }
}
