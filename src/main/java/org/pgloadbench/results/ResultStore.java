package org.pgloadbench.results;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import java.io.BufferedWriter;
import java.io.Closeable;
import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.Consumer;
import java.util.function.Function;

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

  /** A column of timings.csv after the axes: its name and how a result fills it. */
  private record Column(String name, Function<StepResult, Object> value) {}

  /** The columns after the axes; a new figure appends its column here. */
  private static final List<Column> TRAILING =
      List.of(
          new Column("repetition", StepResult::repetition),
          new Column("table", StepResult::table),
          new Column("step", StepResult::step),
          new Column("status", r -> r.status().text()),
          new Column("seconds", r -> String.format(Locale.ROOT, "%.6f", r.seconds())),
          new Column("rows", r -> r.measured().rows()),
          new Column("wal_bytes", r -> r.measured().walBytes()),
          new Column("table_bytes", r -> r.measured().tableBytes()),
          new Column("pages", r -> r.measured().pages()),
          new Column("frozen_pages", r -> r.measured().frozenPages()),
          new Column("error", StepResult::error),
          new Column("object", StepResult::object),
          new Column("object_bytes", r -> r.measured().objectBytes()),
          new Column("client_cpu_seconds", r -> milliseconds(r.measured().clientCpuSeconds())),
          new Column("server_cpu_user_seconds", r -> seconds(r.measured().serverCpuUserSeconds())),
          new Column(
              "server_cpu_system_seconds", r -> seconds(r.measured().serverCpuSystemSeconds())),
          new Column("server_read_bytes", r -> r.measured().serverReadBytes()),
          new Column("server_written_bytes", r -> r.measured().serverWrittenBytes()),
          new Column("io_read_bytes", r -> r.measured().ioReadBytes()),
          new Column("io_written_bytes", r -> r.measured().ioWrittenBytes()),
          new Column("io_backend_written_bytes", r -> r.measured().ioBackendWrittenBytes()),
          new Column("io_extended_bytes", r -> r.measured().ioExtendedBytes()),
          new Column("io_fsyncs", r -> r.measured().ioFsyncs()),
          new Column("wal_fpi", r -> r.measured().walFpi()),
          new Column("wal_buffers_full", r -> r.measured().walBuffersFull()),
          new Column("index_bytes", r -> r.measured().indexBytes()),
          new Column("standby_lag_bytes", r -> r.measured().standbyLagBytes()),
          new Column("standby_lag_seconds", r -> milliseconds(r.measured().standbyLagSeconds())),
          new Column("sync_wait_seconds", r -> milliseconds(r.measured().syncWaitSeconds())),
          new Column("throttled_read_bytes", r -> r.measured().throttledReadBytes()),
          new Column("throttled_written_bytes", r -> r.measured().throttledWrittenBytes()),
          new Column("throttled_reads", r -> r.measured().throttledReads()),
          new Column("throttled_writes", r -> r.measured().throttledWrites()),
          // measure: instructions
          new Column("instructions", r -> r.measured().instructions()));

  /** The measured figures among the columns, in their order: what a results database keeps. */
  public static final List<String> FIGURES =
      TRAILING.stream().map(Column::name).filter(Measurements.NAMES::contains).toList();

  /** Seconds to the millisecond. */
  private static String milliseconds(Double seconds) {
    return seconds == null ? null : String.format(Locale.ROOT, "%.3f", seconds);
  }

  /** CPU seconds at the 10 ms the operating system counts in. */
  private static String seconds(Double seconds) {
    return seconds == null ? null : String.format(Locale.ROOT, "%.2f", seconds);
  }

  private final Path dir;
  private final List<String> axes;
  private final BufferedWriter steps;
  private final BufferedWriter timings;

  private ResultStore(Path dir, List<String> axes, StandardOpenOption mode) throws IOException {
    this.dir = dir;
    this.axes = List.copyOf(axes);
    Files.createDirectories(dir);
    steps = Files.newBufferedWriter(dir.resolve(STEPS), StandardCharsets.UTF_8, mode);
    timings = Files.newBufferedWriter(dir.resolve(TIMINGS), StandardCharsets.UTF_8, mode);
    if (mode == StandardOpenOption.CREATE_NEW) {
      timings.write(header(this.axes));
      timings.newLine();
      timings.flush();
    }
  }

  private static String header(List<String> axes) {
    List<String> header = new ArrayList<>(LEADING);
    header.addAll(axes);
    TRAILING.forEach(c -> header.add(c.name()));
    return String.join(",", header);
  }

  /** A step's line of timings.csv. */
  private static String row(List<String> axes, StepResult r) {
    List<Object> row = new ArrayList<>(List.of(r.runId(), r.scenario(), r.server(), r.cell()));
    axes.forEach(axis -> row.add(r.axes().get(axis)));
    TRAILING.forEach(c -> row.add(c.value().apply(r)));
    return String.join(",", row.stream().map(ResultStore::csv).toList());
  }

  /** Creates the directory of a new run; {@code axes} become the CSV's axis columns. */
  public static ResultStore create(Path dir, List<String> axes) throws IOException {
    return new ResultStore(dir, axes, StandardOpenOption.CREATE_NEW);
  }

  /**
   * Opens a stored run to go on with it: a half-written last line that a crash left in either file
   * is cut off first (with a warning), so that new lines start on a line of their own; and
   * timings.csv is written again from steps.jsonl, which a kill between the two files' writes of a
   * step leaves one line ahead of it.
   */
  public static ResultStore reopen(Path dir, List<String> axes, Consumer<String> warn)
      throws IOException {
    for (String file : List.of(STEPS, TIMINGS)) {
      cutTornLine(dir.resolve(file), warn);
    }
    List<String> lines = new ArrayList<>(List.of(header(axes)));
    readSteps(dir, w -> {}).forEach(r -> lines.add(row(axes, r)));
    Files.write(dir.resolve(TIMINGS), lines, StandardCharsets.UTF_8);
    return new ResultStore(dir, axes, StandardOpenOption.APPEND);
  }

  private static void cutTornLine(Path file, Consumer<String> warn) throws IOException {
    try (FileChannel channel = FileChannel.open(file, StandardOpenOption.WRITE)) {
      byte[] bytes = Files.readAllBytes(file);
      int end = bytes.length;
      while (end > 0 && bytes[end - 1] != '\n') {
        end--;
      }
      if (end < bytes.length) {
        warn.accept(tornWarning(file));
        channel.truncate(end);
      }
    }
  }

  private static String tornWarning(Path file) {
    return file + ": ignoring a half-written last line (the run was cut short while writing it)";
  }

  /** The run directory this store writes. */
  public Path dir() {
    return dir;
  }

  /** Appends one step to both files and flushes them. */
  public void append(StepResult r) throws IOException {
    steps.write(JSON.writeValueAsString(r));
    steps.newLine();
    steps.flush();
    timings.write(row(axes, r));
    timings.newLine();
    timings.flush();
  }

  /**
   * Writes {@code run.json}: replaced as the run goes on, so it always holds the latest end time.
   */
  public void writeRun(RunManifest run) throws IOException {
    Path tmp = dir.resolve(RUN + ".tmp");
    JSON.writer(SerializationFeature.INDENT_OUTPUT).writeValue(tmp.toFile(), run);
    Files.move(tmp, dir.resolve(RUN), StandardCopyOption.REPLACE_EXISTING);
  }

  /** The {@code run.json} of a run directory; {@link RunManifest#NONE} when it has none. */
  public static RunManifest readRun(Path runDir) throws IOException {
    Path file = runDir.resolve(RUN);
    if (!Files.exists(file)) {
      return RunManifest.NONE;
    }
    try {
      return JSON.readValue(file.toFile(), RunManifest.class);
    } catch (JsonProcessingException e) {
      throw new IOException(
          file + ": not a run.json this harness can read (" + e.getOriginalMessage() + ")");
    }
  }

  /**
   * Every step stored in a run directory, in the order measured. A half-written last line (a crash
   * while writing it) is left out with a warning on stderr; any other bad line is an error.
   */
  public static List<StepResult> readSteps(Path runDir) throws IOException {
    return readSteps(runDir, warning -> System.err.println("pgloadbench: warning: " + warning));
  }

  /** {@link #readSteps(Path)}, telling {@code warn} about a half-written last line. */
  public static List<StepResult> readSteps(Path runDir, Consumer<String> warn) throws IOException {
    Path file = runDir.resolve(STEPS);
    String text = Files.readString(file, StandardCharsets.UTF_8);
    List<String> lines = text.lines().toList();
    List<StepResult> steps = new ArrayList<>();
    for (int i = 0; i < lines.size(); i++) {
      String line = lines.get(i);
      if (line.isBlank()) {
        continue;
      }
      try {
        steps.add(JSON.readValue(line, StepResult.class));
      } catch (JsonProcessingException e) {
        boolean last = i == lines.size() - 1 && !text.endsWith("\n");
        if (!last) {
          throw new IOException(
              file + ":" + (i + 1) + ": not a stored step (" + e.getOriginalMessage() + ")");
        }
        warn.accept(tornWarning(file));
      }
    }
    return steps;
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
