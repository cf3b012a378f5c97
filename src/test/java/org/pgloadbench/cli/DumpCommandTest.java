package org.pgloadbench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.pgloadbench.dataset.MiddleTable;

/**
 * {@code pgloadbench dump}: the COPY bytes of a scenario's table in a file, whole or in slices; the
 * table by its short or its full name, whatever the dataset.
 */
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
        .isEqualTo("--table 'ways': small loads no such table; use rels (or planet_osm_rels)");
  }

  /** One shipped scenario of each dataset kind, and the tables it loads by their full names. */
  static final Map<String, List<String>> KINDS =
      Map.of(
          "ways-binary-freeze", List.of("planet_osm_ways"),
          "osm-real", List.of("planet_osm_nodes", "planet_osm_ways", "planet_osm_rels"),
          "gin-fastupdate", List.of("int_arrays"),
          "gist-build-versions", List.of("points"),
          "pgbench-init",
              List.of(
                  "pgbench_branches", "pgbench_tellers", "pgbench_accounts", "pgbench_history"));

  @Test
  void everyDatasetTakesTheShortAndTheFullName() throws Exception {
    for (var kind : KINDS.entrySet()) {
      for (String full : kind.getValue()) {
        for (String name : List.of(full, MiddleTable.shortName(full))) {
          out.getBuffer().setLength(0);
          assertThat(dump(kind.getKey(), name)).as(err.toString()).isZero();
          assertThat(out.toString()).as(kind.getKey() + " " + name).contains("COPY " + full + " (");
        }
      }
    }
  }

  @Test
  void theLegacyMiddleFormatIsChosenByAddingIt() throws Exception {
    Path copy = dir.resolve("out.copy");
    assertThat(dump("osm-real", "ways")).isZero();
    String first = Files.readString(copy);
    assertThat(dump("osm-real", "planet_osm_ways (new)")).isZero();
    assertThat(Files.readString(copy)).isEqualTo(first);
    assertThat(dump("osm-real", "ways (legacy)")).isZero();
    // the legacy format writes tags as text[], the new one as jsonb
    assertThat(Files.readString(copy)).isNotEqualTo(first).contains("\t{");
    assertThat(first).contains("\t{\"");
    assertThat(dump("osm-real", "planet_osm_rels (legacy)")).isZero();
    assertThat(out.toString()).contains("COPY planet_osm_rels (id, way_off, rel_off, parts,");
  }

  @Test
  void aRefusedNameIsNotAmongTheNamesOffered() throws Exception {
    for (String refused : List.of("edges", "ways (old)", "osm_ways", "planet_osm_way")) {
      err.getBuffer().setLength(0);
      assertThat(dump("osm-real", refused)).isEqualTo(2);
      String message = err.toString().strip();
      assertThat(message)
          .isEqualTo(
              "--table '"
                  + refused
                  + "': osm-real loads no such table; use nodes, ways, rels (or planet_osm_nodes,"
                  + " planet_osm_ways, planet_osm_rels); add the middle format to choose one, e.g."
                  + " 'rels (legacy)'");
      // everything offered after the refused name is a name dump takes
      assertThat(message.substring(message.indexOf(":"))).doesNotContain("'" + refused + "'");
    }
  }

  private int dump(String scenario, String table) {
    return run(
        "dump",
        scenario,
        "--table",
        table,
        "--scale",
        "0.01",
        "--work-dir",
        dir.resolve("work").toString(),
        "-o",
        dir.resolve("out.copy").toString());
  }
}
