package org.pgloadbench.report;

import com.fasterxml.jackson.databind.JsonNode;
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

/**
 * The report's lines describing how a run was set up, from {@code run.json}, as Markdown: every
 * string of the run through {@link Markdown}. Every field is optional: a missing one is left out
 * rather than shown empty.
 */
final class RunSetup {
  static final String WAL_MINIMAL =
      "With `wal_level=minimal`, a COPY into a table created in the same transaction (the FREEZE"
          + " cells, whose COPY commits the CREATE TABLE) writes next to no WAL: the table is"
          + " synced to disk at commit instead, or, when smaller than `wal_skip_threshold` (2 MB by"
          + " default), written to the WAL whole at commit. A COPY in a later transaction writes"
          + " its WAL as usual.";

  private final JsonNode run;
  private final JsonNode scenario;

  RunSetup(JsonNode run) {
    this.run = run;
    this.scenario = run.path("scenario");
  }

  String description() {
    return Markdown.text(text(scenario.path("description"), ""));
  }

  boolean osmData() {
    return scenario.path("dataset").path("kind").asText("").startsWith("osm");
  }

  /** One line: rows, repetitions, servers, environment, run id and time span. */
  String line(List<String> versions) {
    List<String> parts = new ArrayList<>();
    List<String> rows = new ArrayList<>();
    scenario
        .path("dataset")
        .path("rows")
        .fields()
        .forEachRemaining(
            e ->
                rows.add(
                    Markdown.text(Formats.table(e.getKey()))
                        + " "
                        + Formats.count(e.getValue().asLong())));
    if (!rows.isEmpty()) {
      parts.add("rows: " + String.join(", ", rows));
    }
    String file = text(scenario.path("dataset").path("file"), "");
    if (!file.isEmpty()) {
      parts.add("data: " + Markdown.text(file));
    }
    List<String> runs = new ArrayList<>();
    if (scenario.has("repeat")) {
      runs.add("repetitions: " + Markdown.text(scenario.path("repeat").asText()));
    }
    if (scenario.has("warmup")) {
      runs.add("warm-up: " + Markdown.text(scenario.path("warmup").asText()));
    }
    if (!runs.isEmpty()) {
      parts.add(String.join(", ", runs));
    }
    parts.add(
        "PostgreSQL "
            + String.join(", ", versions.stream().map(Markdown::text).toList())
            + targets());
    String environment = environment();
    if (!environment.isEmpty()) {
      parts.add(environment);
    }
    String run = runSpan();
    if (!run.isEmpty()) {
      parts.add(run);
    }
    return "**Setup:** " + String.join(" · ", parts);
  }

  /**
   * The same in two lines, for an issue comment: what was loaded and where, then the machine and
   * the run.
   */
  List<String> twoLines(List<String> versions) {
    String all = line(versions);
    String environment = environment();
    String run = runSpan();
    String first = all;
    for (String tail : List.of(run, environment)) {
      if (!tail.isEmpty() && first.endsWith(" · " + tail)) {
        first = first.substring(0, first.length() - tail.length() - 3);
      }
    }
    String second = joinPresent(List.of(environment, run), " · ");
    return second.isEmpty() ? List.of(first) : List.of(first, second);
  }

  /**
   * How a version's servers were set up: a line per server start (one per settings profile) with
   * its target and the settings in force, or empty.
   */
  String server(String version) {
    List<String> lines = new ArrayList<>();
    for (JsonNode server : run.path("servers")) {
      if (server.path("version").asText("").equals(version)) {
        List<String> settings = new ArrayList<>();
        server
            .path("settings")
            .fields()
            .forEachRemaining(e -> settings.add(e.getKey() + "=" + e.getValue().asText()));
        List<String> parts = new ArrayList<>();
        parts.add(Markdown.text(text(server.path("target"), "")));
        parts.add(origin(server));
        parts.add(
            settings.isEmpty() ? "" : "settings " + Markdown.code(String.join(", ", settings)));
        String described = joinPresent(parts, ", ");
        String profile = Markdown.text(text(server.path("profile"), ""));
        if (!described.isEmpty()) {
          lines.add("Server" + (profile.isEmpty() ? "" : " (" + profile + ")") + ": " + described);
        }
        if (server.path("settings").path("wal_level").asText("").equals("minimal")) {
          lines.add(WAL_MINIMAL);
        }
      }
    }
    return String.join("\n\n", lines.stream().distinct().toList());
  }

  /** Where a server came from: a local build's version and bin dir, an image, a host. */
  private static String origin(JsonNode server) {
    List<String> parts = new ArrayList<>();
    String built = text(server.path("server_version"), "");
    String bin = text(server.path("bin_dir"), "");
    parts.add(
        bin.isEmpty() ? "" : "PostgreSQL " + Markdown.text(built) + " from " + Markdown.code(bin));
    String image = text(server.path("image"), "");
    parts.add(image.isEmpty() ? "" : "image " + Markdown.code(image));
    String host = text(server.path("host"), "");
    parts.add(host.isEmpty() ? "" : "server " + Markdown.text(host));
    return joinPresent(parts, ", ");
  }

  /**
   * What could not be measured on a version's server, and why (a server the harness does not own).
   */
  List<String> missing(String version) {
    List<String> missing = new ArrayList<>();
    for (JsonNode server : run.path("servers")) {
      if (server.path("version").asText("").equals(version)) {
        server.path("missing").forEach(m -> missing.add(Markdown.text(m.asText())));
      }
    }
    return missing;
  }

  private String targets() {
    Set<String> targets = new LinkedHashSet<>();
    run.path("servers").forEach(s -> targets.add(s.path("target").asText("")));
    targets.remove("");
    return targets.isEmpty()
        ? ""
        : " (" + String.join(", ", targets.stream().map(Markdown::text).toList()) + ")";
  }

  private String environment() {
    JsonNode env = run.path("environment");
    List<String> parts = new ArrayList<>();
    String cpu = Markdown.text(text(env.path("cpu_model"), ""));
    if (env.has("cpus")) {
      cpu = (cpu.isEmpty() ? "CPUs" : cpu) + " × " + Markdown.text(env.path("cpus").asText());
    }
    parts.add(cpu);
    if (env.has("memory_bytes")) {
      parts.add(Formats.gibibytes(env.path("memory_bytes").asDouble()) + " GiB");
    }
    parts.add(Markdown.text(text(env.path("os"), "")));
    parts.add(env.has("java") ? "Java " + Markdown.text(env.path("java").asText()) : "");
    String revision = text(env.path("harness_revision"), "");
    parts.add(revision.isEmpty() ? "" : "harness " + Markdown.text(revision));
    return joinPresent(parts, ", ");
  }

  private String runSpan() {
    JsonNode env = run.path("environment");
    String id = text(run.path("run_id"), "");
    String started = text(env.path("started"), "");
    String ended = text(env.path("ended"), "");
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

  private static String text(JsonNode node, String fallback) {
    return node.isValueNode() && !node.asText().isBlank() ? node.asText() : fallback;
  }
}
