package org.pgloadbench.overhead;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.pgloadbench.copy.CopyFormat;
import org.pgloadbench.dataset.RowSource;
import org.pgloadbench.dataset.TableDef;
import org.pgloadbench.metrics.Clock;
import org.pgloadbench.server.PostgresServer;

/**
 * Loads the same rows by every contender on one server, case by case (a table, a format, a number
 * of connections): first the bytes are dumped to files (one per connection), then round after round
 * every contender loads a fresh table, in an order that rotates each round so that none always goes
 * first. It owns the clock: each load is timed around {@link Contender#load} alone, with the table
 * created and a CHECKPOINT done before, and the connections opened, outside the timed region; the
 * row count each contender reports is checked. The first {@code warmup} rounds are not kept. A load
 * that fails is kept as failed, and the rounds go on.
 */
public final class HeadToHead {
  static final String DATABASE = "pgloadbench";

  /**
   * One head-to-head: every contender loads these rows into this table, in this format.
   *
   * @param label the table as reports show it, with its middle format where it has one
   */
  public record Case(
      String label, TableDef table, RowSource rows, CopyFormat format, int connections) {}

  /**
   * One timed load.
   *
   * @param clientCpuSeconds CPU time of the harness's process during the load (for psql and the
   *     server reading a file, that is only the harness waiting)
   * @param error why it failed, or null
   */
  public record Load(
      Case of,
      String contender,
      int round,
      double seconds,
      Double clientCpuSeconds,
      long rows,
      String error) {
    public boolean ok() {
      return error == null;
    }
  }

  private final PostgresServer server;
  private final List<Contender> contenders;
  private final int repeat;
  private final int warmup;
  private final Path filesDir;
  private final PrintWriter progress;

  /**
   * @param filesDir where the dumped files go; the server's OS user must be able to enter it
   */
  public HeadToHead(
      PostgresServer server,
      List<Contender> contenders,
      int repeat,
      int warmup,
      Path filesDir,
      PrintWriter progress) {
    this.server = server;
    this.contenders = List.copyOf(contenders);
    this.repeat = repeat;
    this.warmup = warmup;
    this.filesDir = filesDir;
    this.progress = progress;
  }

  /** Runs every case; returns the measured loads (not the warm-up ones), in the order run. */
  public List<Load> run(List<Case> cases) throws SQLException, IOException, InterruptedException {
    Fresh.database(server, DATABASE);
    List<Load> loads = new ArrayList<>();
    try (PgClient client = PgClient.of(server, DATABASE)) {
      for (Case c : cases) {
        List<Path> files = dump(c);
        try {
          for (int round = 1 - warmup; round <= repeat; round++) {
            for (int i = 0; i < contenders.size(); i++) {
              Contender contender = contenders.get(Math.floorMod(i + round, contenders.size()));
              if (!contender.loads() && c.connections() > 1) {
                continue; // the client alone is measured on one thread
              }
              Load load = load(c, contender, round, files, client);
              progress.println(line(load));
              progress.flush();
              if (round >= 1) {
                loads.add(load);
              }
            }
          }
        } finally {
          for (Path file : files) {
            Files.deleteIfExists(file);
          }
        }
      }
    }
    return loads;
  }

  private Load load(Case c, Contender contender, int round, List<Path> files, PgClient client)
      throws SQLException {
    if (contender.loads()) {
      Fresh.table(server, DATABASE, c.table());
    }
    List<Connection> connections = new ArrayList<>();
    try {
      for (int i = 0; i < c.connections(); i++) {
        connections.add(server.connect(DATABASE));
      }
      Match match = new Match(c.table(), c.rows(), c.format(), connections, files, client);
      Clock.Timed<Long> timed = Clock.time(() -> contender.load(match));
      if (!timed.ok()) {
        return new Load(
            c, contender.name(), round, timed.seconds(), null, 0, oneLine(timed.error()));
      }
      long rows = timed.value();
      String error =
          rows == c.rows().rows()
              ? null
              : contender.name() + " reported " + rows + " rows, " + c.rows().rows() + " were sent";
      return new Load(
          c, contender.name(), round, timed.seconds(), timed.clientCpuSeconds(), rows, error);
    } finally {
      for (Connection connection : connections) {
        connection.close();
      }
    }
  }

  /**
   * The case's bytes, one file per connection, exactly as the harness streams each slice; readable
   * by the server's OS user (the rows are synthetic, nothing secret).
   */
  private List<Path> dump(Case c) throws IOException {
    List<Path> files = new ArrayList<>();
    for (int i = 0; i < c.connections(); i++) {
      Path file =
          filesDir.resolve(
              String.format(
                  Locale.ROOT,
                  "%s-%s-%d-%d.copy",
                  c.table().name(),
                  c.format().sqlName(),
                  c.connections(),
                  i));
      Dump.write(c.rows().slice(i, c.connections()), c.format(), file);
      Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rw-r--r--"));
      files.add(file);
    }
    return files;
  }

  private static String line(Load load) {
    Case c = load.of();
    return String.format(
        Locale.ROOT,
        "%-18s %-6s x%d  %-11s %s  %.3f s%s",
        c.table().name(),
        c.format().sqlName(),
        c.connections(),
        load.contender(),
        load.round() < 1 ? "warm-up" : "round " + load.round(),
        load.seconds(),
        load.ok() ? "" : "  FAILED: " + load.error());
  }

  static String oneLine(Exception e) {
    String message = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
    if (e instanceof SQLException sql && sql.getSQLState() != null) {
      message = message + " [SQLSTATE " + sql.getSQLState() + "]";
    }
    return message.replaceAll("\\s+", " ").strip();
  }
}
