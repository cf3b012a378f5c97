package org.pgloadbench.server;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;

/**
 * How the harness runs a program to completion: a PostgreSQL one (initdb, pg_ctl, pg_basebackup),
 * or a tool it asks something (id, valgrind, chmod).
 */
final class Programs {
  /** The variable whose length varies from process to process ({@link #processBuilder}). */
  static final String LAYOUT_PAD = "LOADBENCH_LAYOUT_PAD";

  private Programs() {}

  /**
   * Runs a command to completion; a failure is a one-line error carrying the command's last line.
   */
  static String run(List<String> command, String what) throws ServerException {
    try {
      Outcome outcome = exec(command, 300);
      if (outcome == null) {
        throw new ServerException(what + " did not finish in 300 s");
      }
      if (outcome.exit() != 0) {
        throw new ServerException(what + " failed: " + lastLine(outcome.output()));
      }
      return outcome.output();
    } catch (IOException e) {
      throw new ServerException(what + " could not run: " + e.getMessage(), e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new ServerException(what + " was interrupted", e);
    }
  }

  /** A program's exit status and what it wrote, its errors included. */
  record Outcome(int exit, String output) {}

  /** Runs {@code command}; null when it did not finish within {@code seconds} (it is killed). */
  static Outcome exec(List<String> command, int seconds) throws IOException, InterruptedException {
    Path output = Files.createTempFile("pgloadbench-", ".log");
    try {
      Process p =
          processBuilder(command).redirectErrorStream(true).redirectOutput(output.toFile()).start();
      if (!p.waitFor(seconds, TimeUnit.SECONDS)) {
        p.destroyForcibly();
        return null;
      }
      // decoded leniently: a tool's message in another locale's encoding is still its message
      return new Outcome(
          p.exitValue(), new String(Files.readAllBytes(output), StandardCharsets.UTF_8));
    } finally {
      Files.deleteIfExists(output);
    }
  }

  /**
   * What {@code command} wrote, stripped, or null when it failed, did not finish within 10 s or
   * could not run.
   */
  static String output(List<String> command) {
    try {
      Outcome outcome = exec(command, 10);
      return outcome == null || outcome.exit() != 0 ? null : outcome.output().strip();
    } catch (IOException e) {
      return null;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return null;
    }
  }

  /**
   * A PostgreSQL program's process, without the harness's {@code PG*} variables: initdb, pg_ctl and
   * the postmaster (which inherits pg_ctl's environment) read some ({@code PGDATA}, {@code PGPORT},
   * {@code PG_OOM_ADJUST_FILE}, ...), and the harness alone says how its servers run.
   */
  private static ProcessBuilder processBuilder(List<String> command) {
    ProcessBuilder builder = new ProcessBuilder(command);
    builder.environment().keySet().removeIf(name -> name.startsWith("PG"));
    // The environment's size moves the stack of every process the postmaster forks, and with it
    // run times by a few percent (Mytkowicz et al., ASPLOS 2009): a length drawn anew for each
    // start samples that, rather than fixing one for every start of a build.
    builder
        .environment()
        .put(LAYOUT_PAD, "x".repeat(ThreadLocalRandom.current().nextInt(4096)));
    return builder;
  }

  private static String lastLine(String text) {
    String[] lines = text.strip().split("\n");
    return lines.length == 0 ? "" : lines[lines.length - 1].strip();
  }
}
