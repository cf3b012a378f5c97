package org.pgloadbench.server;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.pgloadbench.metrics.InstructionCounter;
import org.pgloadbench.metrics.Sql;
import org.postgresql.PGConnection;

/**
 * Counts a step's instructions on a server started under {@link Valgrind}: each session's backend
 * is told to start from zero right before the step and to write its count right after it, by
 * calling the marker functions, and callgrind writes that count to {@code cg.<pid>.<n>} before the
 * call returns. The marker statements' own instructions (the end of the first, the start of the
 * second) are measured on each session just before, by the same two calls with nothing between, and
 * taken off: what is left is the step's own work.
 *
 * @param counts the directory callgrind writes the counts to
 */
record CallgrindCounter(Path counts) implements InstructionCounter {
  private static final Pattern SUMMARY = Pattern.compile("(?m)^summary: (\\d+)$");

  @Override
  public Window open(List<Connection> sessions) throws SQLException {
    List<Integer> backends = new ArrayList<>();
    long markers = 0;
    for (Connection session : sessions) {
      int pid = session.unwrap(PGConnection.class).getBackendPID();
      backends.add(pid);
      call(session, Valgrind.ZERO_MARKER);
      call(session, Valgrind.DUMP_MARKER);
      markers += lastCount(pid);
    }
    for (Connection session : sessions) {
      call(session, Valgrind.ZERO_MARKER);
    }
    long markersCost = markers;
    return () -> {
      long total = 0;
      for (int i = 0; i < sessions.size(); i++) {
        call(sessions.get(i), Valgrind.DUMP_MARKER);
        total += lastCount(backends.get(i));
      }
      return total - markersCost;
    };
  }

  private static void call(Connection session, String function) throws SQLException {
    Sql.value(session, "SELECT pg_catalog." + function + "()");
  }

  /**
   * The count in backend {@code pid}'s newest file, which is then removed (with any older one) so
   * that the directory holds no more than a step's files.
   */
  private long lastCount(int pid) throws SQLException {
    String prefix = "cg." + pid + ".";
    try (Stream<Path> files = Files.list(counts)) {
      List<Path> dumps =
          files
              .filter(f -> f.getFileName().toString().matches(Pattern.quote(prefix) + "\\d+"))
              .sorted(
                  Comparator.comparingLong(
                      f -> Long.parseLong(f.getFileName().toString().substring(prefix.length()))))
              .toList();
      if (dumps.isEmpty()) {
        throw new SQLException(
            "valgrind wrote no count for backend " + pid + " in " + counts + " (see postgres.log)");
      }
      Path newest = dumps.get(dumps.size() - 1);
      Matcher summary = SUMMARY.matcher(ServerFiles.read(newest));
      if (!summary.find()) {
        throw new SQLException("valgrind's count " + newest + " has no summary line");
      }
      for (Path dump : dumps) {
        Files.deleteIfExists(dump);
      }
      return Long.parseLong(summary.group(1));
    } catch (IOException e) {
      throw new SQLException(
          "cannot read valgrind's counts in " + counts + ": " + e.getMessage(), e);
    }
  }
}
