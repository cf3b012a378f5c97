package org.pgloadbench.overhead;

import java.nio.file.Path;
import java.sql.Connection;
import java.util.List;
import org.pgloadbench.copy.CopyFormat;
import org.pgloadbench.dataset.RowSource;
import org.pgloadbench.dataset.TableDef;
import org.pgloadbench.recipe.Parallel;

/**
 * What every contender of one case loads: the same table, the same rows in the same format, over
 * the same number of connections (opened before the clock starts, one per slice), and the files
 * holding exactly the bytes the harness streams, one per slice.
 *
 * @param client how to reach the server from another program (psql)
 */
public record Match(
    TableDef table,
    RowSource rows,
    CopyFormat format,
    List<Connection> connections,
    List<Path> files,
    PgClient client) {

  public Match {
    connections = List.copyOf(connections);
    files = List.copyOf(files);
  }

  /** How many parts the rows are loaded in at once. */
  public int parts() {
    return connections.size();
  }

  /** COPY's target and options for this table and format, after {@code COPY} and before FROM. */
  String copyTarget() {
    return table.name() + " (" + table.columnList() + ")";
  }

  String copyOptions() {
    return "(FORMAT " + format.sqlName() + ")";
  }

  /** A file's absolute path as an SQL string literal, as COPY and psql read it. */
  static String quoted(Path file) {
    return "'" + file.toAbsolutePath().toString().replace("'", "''") + "'";
  }

  /** Loads one file over one connection; returns the rows it loaded. */
  interface FileLoad {
    long load(Connection connection, Path file) throws Exception;
  }

  /** Each file over its own connection, all at once: the rows they loaded, summed. */
  long eachFile(FileLoad load) throws Exception {
    return Parallel.sum(parts(), i -> () -> load.load(connections.get(i), files.get(i)));
  }
}
