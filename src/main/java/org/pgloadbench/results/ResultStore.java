package org.pgloadbench.results;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import java.io.BufferedWriter;
import java.io.Closeable;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.stream.Stream;

/**
 * The append-only results of one run, under {@code results/<scenario>/<run-id>/}: every measured
 * step goes to {@code steps.jsonl} and {@code timings.csv} as soon as it is measured, so an
 * interrupted run keeps everything it measured. {@code run.json} holds the resolved scenario and
 * the environment.
 */
public final class ResultStore implements Closeable {
  public static final String STEPS = "steps.jsonl";
  public static final String TIMINGS = "timings.csv";
  public static final String RUN = "run.json";

  static final ObjectMapper JSON = new ObjectMapper();

  private static final List<String> LEADING = List.of("run_id", "scenario", "pg_version", "cell");
  private static final List<String> TRAILING =
      List.of(
          "repetition",
          "table",
          "step",
          "status",
          "seconds",
          "rows",
          "wal_bytes",
          "table_bytes",
          "pages",
          "frozen_pages",
          "error",
          "object",
          "object_bytes");

  private final Path dir;
  private final List<String> axes;
  private final BufferedWriter steps;
  private final BufferedWriter timings;

  private ResultStore(Path dir, List<String> axes) throws IOException {
    this.dir = dir;
    this.axes = List.copyOf(axes);
    Files.createDirectories(dir);
    steps =
        Files.newBufferedWriter(
            dir.resolve(STEPS), StandardCharsets.UTF_8, StandardOpenOption.CREATE_NEW);
    timings =
        Files.newBufferedWriter(
            dir.resolve(TIMINGS), StandardCharsets.UTF_8, StandardOpenOption.CREATE_NEW);
    List<String> header = new ArrayList<>(LEADING);
    header.addAll(this.axes);
    header.addAll(TRAILING);
    timings.write(String.join(",", header));
    timings.newLine();
    timings.flush();
  }

  /** Creates the directory of a new run; {@code axes} become the CSV's axis columns. */
  public static ResultStore create(Path dir, List<String> axes) throws IOException {
    return new ResultStore(dir, axes);
  }

  /** Appends one step to both files and flushes them. */
  public void append(StepResult r) throws IOException {
    steps.write(JSON.writeValueAsString(r));
    steps.newLine();
    steps.flush();
    List<Object> row = new ArrayList<>(List.of(r.runId(), r.scenario(), r.pgVersion(), r.cell()));
    axes.forEach(axis -> row.add(r.axes().get(axis)));
    row.addAll(
        Arrays.asList(
            r.repetition(),
            r.table(),
            r.step(),
            r.status(),
            String.format(Locale.ROOT, "%.6f", r.seconds()),
            r.rows(),
            r.walBytes(),
            r.tableBytes(),
            r.pages(),
            r.frozenPages(),
            r.error(),
            r.object(),
            r.objectBytes()));
    timings.write(String.join(",", row.stream().map(ResultStore::csv).toList()));
    timings.newLine();
    timings.flush();
  }

  /**
   * Writes {@code run.json}: replaced as the run goes on, so it always holds the latest end time.
   */
  public void writeRun(Object run) throws IOException {
    Path tmp = dir.resolve(RUN + ".tmp");
    JSON.writer(SerializationFeature.INDENT_OUTPUT).writeValue(tmp.toFile(), run);
    Files.move(tmp, dir.resolve(RUN), StandardCopyOption.REPLACE_EXISTING);
  }

  /** Every step stored in a run directory, in the order measured. */
  public static List<StepResult> readSteps(Path runDir) throws IOException {
    try (Stream<String> lines = Files.lines(runDir.resolve(STEPS), StandardCharsets.UTF_8)) {
      return lines
          .filter(line -> !line.isBlank())
          .map(
              line -> {
                try {
                  return JSON.readValue(line, StepResult.class);
                } catch (IOException e) {
                  throw new UncheckedIOException(e);
                }
              })
          .toList();
    }
  }

  @Override
  public void close() throws IOException {
    try (steps;
        timings) {
      // both closed, the second even if the first fails
    }
  }

  private static String csv(Object value) {
    if (value == null) {
      return "";
    }
    String s = value.toString();
    if (s.indexOf(',') < 0 && s.indexOf('"') < 0 && s.indexOf('\n') < 0 && s.indexOf('\r') < 0) {
      return s;
    }
    return '"' + s.replace("\"", "\"\"") + '"';
  }
}
