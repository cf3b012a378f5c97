package org.pgloadbench.report;

import java.time.Duration;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.stream.Collectors;
import org.pgloadbench.render.Formats;
import org.pgloadbench.render.Markdown;
import org.pgloadbench.results.RunManifest;
import org.pgloadbench.results.ServerRun;

/**
 * The report's lines describing how a run was set up, from {@code run.json}, as Markdown: every
 * string of the run through {@link Markdown}. Every field is optional: a missing one is left out
 * rather than shown empty.
 */
record RunSetup(RunManifest run) {
  static final String WAL_MINIMAL =
      "With `wal_level=minimal`, a COPY into a table created in the same transaction (the FREEZE"
          + " cells, whose COPY commits the CREATE TABLE) writes next to no WAL: the table is"
          + " synced to disk at commit instead, or, when smaller than `wal_skip_threshold` (2 MB by"
          + " default), written to the WAL whole at commit. A COPY in a later transaction writes"
          + " its WAL as usual.";

  String description() {
    return Markdown.text(text(run.scenario().description()));
  }

  boolean osmData() {
    return run.scenario().datasetKind().startsWith("osm");
  }

  /** One line: rows, repetitions, servers, environment, run id and time span. */
  String line(List<String> versions) {
    return joinPresent(List.of(loaded(versions), machineAndRun()), " · ");
  }

  /**
   * The same in two lines, for an issue comment: what was loaded and where, then the machine and
   * the run.
   */
  List<String> twoLines(List<String> versions) {
    String second = machineAndRun();
    return second.isEmpty() ? List.of(loaded(versions)) : List.of(loaded(versions), second);
  }

  /** Rows, repetitions and servers. */
  private String loaded(List<String> versions) {
    List<String> rows = new ArrayList<>();
    run.scenario()
        .datasetRows()
        .forEach(
            (table, n) -> rows.add(Markdown.text(Formats.table(table)) + " " + Formats.count(n)));
    List<String> runs = new ArrayList<>();
    RunManifest.Rounds rounds = run.rounds();
    if (rounds != null && rounds.run() != null) {
      runs.add(
          "rounds: "
              + rounds.run()
              + (rounds.race()
                  ? " (a race)"
                  : " (repeat: auto, at least " + rounds.minimum() + ")"));
    } else if (run.scenario().repeat() != null) {
      runs.add("repetitions: " + run.scenario().repeat());
    }
    if (run.scenario().warmup() != null) {
      runs.add("warm-up: " + run.scenario().warmup());
    }
    String file = run.scenario().datasetFile();
    return "**Setup:** "
        + joinPresent(
            List.of(
                rows.isEmpty() ? "" : "rows: " + String.join(", ", rows),
                file.isEmpty() ? "" : "data: " + Markdown.text(file),
                String.join(", ", runs),
                "PostgreSQL "
                    + String.join(", ", versions.stream().map(Markdown::text).toList())
                    + targets()),
            " · ");
  }

  private String machineAndRun() {
    return joinPresent(List.of(environment(), runSpan()), " · ");
  }

  /**
   * How a version's servers were set up: a line per server start (one per settings profile) with
   * its target and the settings in force, or empty.
   */
  String server(String version) {
    List<String> lines = new ArrayList<>();
    for (ServerRun server : run.servers(version)) {
      List<String> settings = new ArrayList<>();
      server.settings().forEach((name, value) -> settings.add(name + "=" + value));
      List<String> parts = new ArrayList<>();
      parts.add(Markdown.text(text(server.target())));
      parts.add(origin(server));
      parts.add(settings.isEmpty() ? "" : "settings " + Markdown.code(String.join(", ", settings)));
      String described = joinPresent(parts, ", ");
      String profile = Markdown.text(text(server.profile()));
      if (!described.isEmpty()) {
        lines.add("Server" + (profile.isEmpty() ? "" : " (" + profile + ")") + ": " + described);
      }
      if ("minimal".equals(server.settings().get("wal_level"))) {
        lines.add(WAL_MINIMAL);
      }
    }
    return String.join("\n\n", lines.stream().distinct().toList());
  }

  /** Where a server came from: a local build's version and bin dir, an image, a host. */
  private static String origin(ServerRun server) {
    List<String> parts = new ArrayList<>();
    String built = server.detail("server_version");
    String bin = server.detail("bin_dir");
    parts.add(
        bin.isEmpty() ? "" : "PostgreSQL " + Markdown.text(built) + " from " + Markdown.code(bin));
    String image = server.detail("image");
    parts.add(image.isEmpty() ? "" : "image " + Markdown.code(image));
    String host = server.detail("host");
    parts.add(host.isEmpty() ? "" : "server " + Markdown.text(host));
    return joinPresent(parts, ", ");
  }

  /**
   * What could not be measured on a version's server, and why (a server the harness does not own).
   */
  List<String> missing(String version) {
    return run.servers(version).stream()
        .flatMap(server -> server.missing().stream())
        .map(Markdown::text)
        .toList();
  }

  private String targets() {
    Set<String> targets = new LinkedHashSet<>();
    run.servers().forEach(s -> targets.add(text(s.target())));
    targets.remove("");
    return targets.isEmpty()
        ? ""
        : " (" + String.join(", ", targets.stream().map(Markdown::text).toList()) + ")";
  }

  private String environment() {
    RunManifest.Machine env = run.environment();
    List<String> parts = new ArrayList<>();
    String cpu = Markdown.text(text(env.cpuModel()));
    if (env.cpus() != null) {
      cpu = (cpu.isEmpty() ? "CPUs" : cpu) + " × " + env.cpus();
    }
    parts.add(cpu);
    if (env.memoryBytes() != null) {
      parts.add(Formats.gibibytes(env.memoryBytes()) + " GiB");
    }
    parts.add(Markdown.text(text(env.os())));
    parts.add(env.java() == null ? "" : "Java " + Markdown.text(env.java()));
    String revision = text(env.harnessRevision());
    parts.add(revision.isEmpty() ? "" : "harness " + Markdown.text(revision));
    return joinPresent(parts, ", ");
  }

  private String runSpan() {
    String id = text(run.runId());
    String started = text(run.environment().started());
    String ended = text(run.environment().ended());
    String span =
        started.isEmpty()
            ? ""
            : Markdown.text(started) + " – " + Markdown.text(ended) + duration(started, ended);
    String runId = id.isEmpty() ? "" : "run " + Markdown.text(id);
    return runId.isEmpty() || span.isEmpty() ? runId + span : runId + ", " + span;
  }

  private static String duration(String started, String ended) {
    try {
      Duration d = Duration.between(Instant.parse(started), Instant.parse(ended));
      return String.format(Locale.ROOT, " (%d min %d s)", d.toMinutes(), d.toSecondsPart());
    } catch (DateTimeParseException e) {
      return "";
    }
  }

  private static String joinPresent(List<String> parts, String separator) {
    return parts.stream().filter(p -> !p.isEmpty()).collect(Collectors.joining(separator));
  }

  /** A field of run.json as text; empty when it was not stored. */
  private static String text(String value) {
    return value == null || value.isBlank() ? "" : value;
  }
}
