package org.pgloadbench.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assumptions.assumeThat;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every YAML example in README.md and docs/ is loaded and planned, as {@code make plan} would (no
 * server starts), so that an example which stops parsing, or names a cell its matrix does not make,
 * fails the build. An example without a {@code name} is a fragment: it is pasted over a small
 * scenario, its top-level keys in the place of that scenario's.
 */
class DocsExamplesTest {
  /** What a fragment is pasted over; each line one top-level key. */
  static final List<String> UNDER_A_FRAGMENT =
      List.of(
          "name: docs-example",
          "dataset: {kind: osm-synthetic, tables: [ways], rows: {ways: 1000}, seed: 1}",
          "servers: {versions: [17]}",
          "steps: [create, copy]");

  /** Builds for the examples whose servers are labelled builds, which only a command line gives. */
  static final Path DEBIAN_15 = Path.of("/usr/lib/postgresql/15/bin");

  /** Each example as where it is (page:line) and its text. */
  static Stream<Arguments> examples() throws IOException {
    List<Arguments> examples = new ArrayList<>();
    for (Map.Entry<Path, String> page : DocsTest.pages().entrySet()) {
      String[] lines = page.getValue().split("\n", -1);
      for (int i = 0; i < lines.length; i++) {
        if (lines[i].equals("```yaml")) {
          StringBuilder yaml = new StringBuilder();
          int start = i + 1;
          for (i = start; !lines[i].equals("```"); i++) {
            yaml.append(lines[i]).append('\n');
          }
          examples.add(Arguments.of(page.getKey() + ":" + start, yaml.toString()));
        }
      }
    }
    return examples.stream();
  }

  @Test
  void theDocsShowExamplesOfEveryPart() throws IOException {
    List<String> all = examples().map(a -> (String) a.get()[1]).toList();
    assertThat(all).hasSizeGreaterThanOrEqualTo(14);
    for (String key : List.of("matrix:", "cells:", "claims:", "servers:", "dataset:", "repeat:")) {
      assertThat(all).as("an example with " + key).anyMatch(y -> y.contains(key));
    }
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("examples")
  void loadsAndPlans(String where, String yaml) throws IOException {
    String scenario = yaml.lines().anyMatch(l -> l.startsWith("name:")) ? yaml : pasted(yaml);
    // in target/, so that a file named relative to a scenario (../data/...) is the project's
    Path file = Files.writeString(Path.of("target", "docs-example.yaml"), scenario);
    List<String> args = new ArrayList<>(List.of("plan", file.toString()));
    if (yaml.contains("builds:")) {
      assumeThat(Files.isExecutable(DEBIAN_15.resolve("postgres")))
          .as(where + ": labelled builds need bin dirs; Debian's PostgreSQL 15 is not installed")
          .isTrue();
      args.addAll(List.of("--builds", "head=" + DEBIAN_15 + ",patch=" + DEBIAN_15));
    }
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    int code = Main.run(new PrintWriter(out), new PrintWriter(err), args.toArray(String[]::new));
    if (code == ExitCode.USAGE && TARGET_REFUSAL.matcher(err.toString()).matches()) {
      // plan refuses what bench would: a cap, limit, standby or extension this machine's embedded
      // target cannot give is no mistake of the example's, which loaded (the loader's errors
      // name the file)
      assertThat(out.toString()).as(where).isEmpty();
      return;
    }
    assertThat(code).as(where + ": " + err).isEqualTo(ExitCode.OK);
    assertThat(out.toString()).as(where).startsWith("scenario ").contains("  dataset   ");
    assertThat(err.toString()).as(where).isEmpty();
  }

  /** A refusal of run/Preflight's, one line: what the target cannot give, then why. */
  static final Pattern TARGET_REFUSAL =
      Pattern.compile("(memory cap|disk limit|standby|postgis): [^\\n]+\\n");

  @Test
  void aPgbenchScaleIsAWholeNumberWhileScaleOnTheCommandLineMayBeFractional() throws IOException {
    String pgbench = "dataset: {kind: pgbench, scale: 10}\nsteps: [drop, create, copy]\n";
    assertThat(plan(pasted(pgbench), "--scale", "0.05")).contains("pgbench_accounts 50,000 rows");
    StringWriter err = new StringWriter();
    Path file =
        Files.writeString(
            Path.of("target", "docs-example.yaml"),
            pasted("dataset: {kind: pgbench, scale: 0.5}\n"));
    int code =
        Main.run(
            new PrintWriter(new StringWriter()), new PrintWriter(err), "plan", file.toString());
    assertThat(code).isEqualTo(ExitCode.USAGE);
    assertThat(err.toString()).contains("dataset.scale: expected a whole number >= 1, got '0.5'");
  }

  private static String plan(String scenario, String... more) throws IOException {
    Path file = Files.writeString(Path.of("target", "docs-example.yaml"), scenario);
    List<String> args = new ArrayList<>(List.of("plan", file.toString()));
    args.addAll(List.of(more));
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    assertThat(Main.run(new PrintWriter(out), new PrintWriter(err), args.toArray(String[]::new)))
        .as(err.toString())
        .isEqualTo(ExitCode.OK);
    return out.toString();
  }

  /** A fragment over {@link #UNDER_A_FRAGMENT}: its top-level keys replace the scenario's. */
  static String pasted(String fragment) {
    Set<String> keys = new LinkedHashSet<>();
    Matcher key = Pattern.compile("(?m)^([a-z_]+):").matcher(fragment);
    while (key.find()) {
      keys.add(key.group(1));
    }
    StringBuilder out = new StringBuilder();
    for (String line : UNDER_A_FRAGMENT) {
      if (!keys.contains(line.substring(0, line.indexOf(':')))) {
        out.append(line).append('\n');
      }
    }
    return out.append(fragment).toString();
  }
}
