package org.pgloadbench.overhead;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.pgloadbench.copy.CopyFormat;
import org.pgloadbench.dataset.RowSource;
import org.pgloadbench.dataset.TableDef;
import org.pgloadbench.metrics.Clock;
import org.pgloadbench.recipe.StepKind;
import org.pgloadbench.results.StepKey;
import org.pgloadbench.results.StepResult;
import org.pgloadbench.run.Fresh;
import org.pgloadbench.scenario.Axis;
import org.pgloadbench.scenario.Cell;
import org.pgloadbench.server.PostgresServer;

/**
 * Pair 1 of the overhead run: the same rows loaded by every contender on one server, case by case
 * (a table, a format, a number of connections). First the bytes are dumped to files (one per
 * connection), then the contenders alternate round after round ({@link OverheadResults#alternate}),
 * each into a fresh table ({@link Fresh}). Each load is timed by the {@link Clock} around {@link
 * Contender#load} alone, the connections opened before; the row count each contender reports is
 * checked. Each load is stored as the COPY step of the contender's cell ({@link #cell}).
 *
 * @param filesDir where the dumped files go; the server's OS user must be able to enter it
 */
public record HeadToHead(
    PostgresServer server,
    List<Contender> contenders,
    Path filesDir,
    OverheadResults results,
    PrintWriter progress) {
  static final String DATABASE = "pgloadbench";

  public HeadToHead {
    contenders = List.copyOf(contenders);
  }

  /**
   * One head-to-head: every contender loads these rows into this table, in this format.
   *
   * @param middleFormat the rows' middle format where reports name it (see {@link ScenarioTables}),
   *     else null
   */
  public record Case(
      TableDef table, RowSource rows, String middleFormat, CopyFormat format, int connections) {

    /** Every table in every format over every number of connections, in that order. */
    public static List<Case> of(
        List<ScenarioTables.Labelled> tables, List<CopyFormat> formats, List<Integer> connections) {
      List<Case> cases = new ArrayList<>();
      for (ScenarioTables.Labelled t : tables) {
        for (CopyFormat format : formats) {
          for (int n : connections) {
            cases.add(new Case(t.table().def(), t.table().rows(), t.middleFormat(), format, n));
          }
        }
      }
      return cases;
    }

    /** The case as a cell's matrix axes: format, connections, the middle format if named. */
    Map<String, String> axes() {
      Map<String, String> axes = new LinkedHashMap<>();
      axes.put(Axis.FORMAT.name(), format.sqlName());
      axes.put(Axis.CONNECTIONS.name(), Integer.toString(connections));
      if (middleFormat != null) {
        axes.put(Axis.MIDDLE_FORMAT.name(), middleFormat);
      }
      return axes;
    }
  }

  /** The cell a contender's loads of a case are stored as: {@code harness+text+conn-1}. */
  static String cell(String contender, Map<String, String> caseAxes) {
    return contender + "+" + Cell.of(caseAxes).label();
  }

  /**
   * The case axes of a load stored by this head-to-head (its cell's axes less the contender), or
   * null for another pair's load.
   */
  static Map<String, String> caseAxes(StepResult load) {
    Map<String, String> axes = new LinkedHashMap<>(load.axes());
    String contender = axes.remove(OverheadResults.CONTENDER);
    boolean ours =
        contender != null
            && axes.keySet().stream().allMatch(a -> Axis.named(a).isPresent())
            && !axes.isEmpty()
            && load.cell().equals(cell(contender, axes));
    return ours ? axes : null;
  }

  public void run(List<Case> cases) throws SQLException, IOException {
    Fresh.database(server, DATABASE);
    try (PgClient client = PgClient.of(server, DATABASE)) {
      for (Case c : cases) {
        // the client alone is measured on one thread
        List<Contender> these =
            contenders.stream().filter(x -> x.loads() || c.connections() == 1).toList();
        List<Path> files = dump(c);
        try {
          results.alternate(
              these,
              (contender, round) -> List.of(load(c, contender, round, files, client)),
              progress);
        } finally {
          for (Path file : files) {
            Files.deleteIfExists(file);
          }
        }
      }
    }
  }

  private StepResult load(Case c, Contender contender, int round, List<Path> files, PgClient client)
      throws SQLException {
    // The client alone too starts where every loader does, the last load's table dropped and its
    // writes checkpointed: not beside the server and the kernel still writing them.
    Fresh.table(server, DATABASE, c.table());
    List<Connection> connections = new ArrayList<>();
    try {
      for (int i = 0; i < c.connections(); i++) {
        connections.add(server.connect(DATABASE));
      }
      Match match = new Match(c.table(), c.rows(), c.format(), connections, files, client);
      Clock.Timed<Long> timed = Clock.time(() -> contender.load(match));
      long sent = contender.passes(c.rows()) * c.rows().rows();
      String error =
          timed.ok() && timed.value() != sent
              ? contender.name() + " reported " + timed.value() + " rows, " + sent + " were sent"
              : null;
      StepKey key =
          new StepKey(
              server.version(),
              cell(contender.name(), c.axes()),
              round,
              c.table().name(),
              StepKind.COPY,
              null);
      return results.step(
          key, OverheadResults.axes(contender.name(), c.axes()), timed, timed.value(), error);
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
}
