package org.pgloadbench.recipe;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Arrays;
import java.util.Collections;
import org.pgloadbench.copy.Ewkb;
import org.pgloadbench.copy.RowEncoder;
import org.pgloadbench.dataset.RowSource;
import org.pgloadbench.dataset.TableDef;
import org.pgloadbench.variant.LoadVariant;
import org.pgloadbench.variant.LoaderKind;
import org.postgresql.geometric.PGbox;
import org.postgresql.geometric.PGpoint;
import org.postgresql.util.PGobject;

/**
 * A {@link RowEncoder} that binds each value as a parameter of a prepared INSERT instead of writing
 * COPY data. Rows fill a statement of {@code batchSize} VALUES lists (INSERT ... VALUES (...),
 * (...)) or, for JDBC batches, one row each added to a batch of {@code batchSize}; full statements
 * and batches are executed between rows and committed every {@code commitEvery} rows. The total row
 * count is known up front, so the last statement is prepared with exactly the rows left. Values are
 * copied into driver objects: this path allocates per value, as a JDBC application does.
 */
final class InsertStatements implements RowEncoder, AutoCloseable {
  private final Connection connection;
  private final TableDef table;
  private final LoaderKind kind;
  private final int batchSize;
  private final long commitEvery;
  private final int fields;
  private long rowsLeft;

  private PreparedStatement statement;
  private int statementRows;
  private int rowsBound;
  private int parameter;
  private long inserted;
  private long sinceCommit;
  private boolean countsUnknown;

  /**
   * Sends {@code rows} rows as {@code variant}'s loader says, over {@code connection}; the first
   * statement is prepared here, for a JDBC batch's one row or the first VALUES lists.
   */
  private InsertStatements(Connection connection, TableDef table, LoadVariant variant, long rows)
      throws SQLException {
    this.connection = connection;
    this.table = table;
    this.kind = variant.loader();
    // a loader that does not batch sends one row per statement, whatever the cell's batch size
    this.batchSize = kind.batched() ? variant.batchSize() : 1;
    this.commitEvery = variant.commitEvery();
    this.fields = table.columns().size();
    this.rowsLeft = rows;
    if (rows > 0) {
      prepare(jdbcBatch() ? 1 : (int) Math.min(batchSize, rows));
    }
  }

  /**
   * Loads {@code rows} in transactions of {@code commitEvery} rows (0: one transaction for the
   * whole load); returns the rows the server reported inserting.
   */
  static long load(Connection connection, RowSource rows, TableDef table, LoadVariant variant)
      throws SQLException {
    connection.setAutoCommit(false);
    InsertStatements encoder = new InsertStatements(connection, table, variant, rows.rows());
    try {
      rows.writeTo(encoder);
      encoder.finish();
      connection.commit();
    } catch (BindException e) {
      throw e.getCause();
    } finally {
      encoder.close();
    }
    connection.setAutoCommit(true);
    return encoder.inserted();
  }

  /** Rows the server reported inserting (for rewritten batches, which report none, counted). */
  private long inserted() throws SQLException {
    if (!countsUnknown) {
      return inserted;
    }
    // pgjdbc's rewritten batches report SUCCESS_NO_INFO per row: ask the table instead.
    try (Statement s = connection.createStatement();
        var result = s.executeQuery("SELECT pg_catalog.count(*) FROM " + table.name())) {
      result.next();
      return result.getLong(1);
    }
  }

  private boolean jdbcBatch() {
    return kind == LoaderKind.BATCH || kind == LoaderKind.BATCH_REWRITE;
  }

  /** The statement is ready: prepared up front, and again for the rows left at the end. */
  @Override
  public void beginRow(int fieldCount) {}

  private void prepare(int rows) throws SQLException {
    if (statement != null) {
      statement.close();
    }
    String row = "(" + String.join(", ", Collections.nCopies(fields, "?")) + ")";
    String values = String.join(", ", Collections.nCopies(rows, row));
    statement =
        connection.prepareStatement(
            String.format(
                "INSERT INTO %s (%s) VALUES %s", table.name(), table.columnList(), values));
    statementRows = rows;
  }

  @Override
  public void int2(short value) {
    bind(value);
  }

  @Override
  public void int4(int value) {
    bind(value);
  }

  @Override
  public void int8(long value) {
    bind(value);
  }

  @Override
  public void int8Array(long[] values, int count) {
    bind(Arrays.copyOf(values, count));
  }

  @Override
  public void int4Array(int[] values, int count) {
    bind(Arrays.copyOf(values, count));
  }

  @Override
  public void point(double x, double y) {
    bind(new PGpoint(x, y));
  }

  @Override
  public void box(double highX, double highY, double lowX, double lowY) {
    bind(new PGbox(highX, highY, lowX, lowY));
  }

  /** A geometry as the hex EWKB geometry_in reads. */
  @Override
  public void ewkbPoint(int srid, double x, double y) {
    typed("geometry", Ewkb.hexPoint(srid, x, y));
  }

  @Override
  public void ewkbLineString(int srid, double[] xy, int count) {
    typed("geometry", Ewkb.hexLineString(srid, xy, count));
  }

  @Override
  public void jsonb(CharSequence json) {
    typed("jsonb", json.toString());
  }

  /** A value the server reads as {@code type} from its text, as a column of that type would. */
  private void typed(String type, String text) {
    PGobject value = new PGobject();
    value.setType(type);
    try {
      value.setValue(text);
    } catch (SQLException e) {
      throw new BindException(e);
    }
    bind(value);
  }

  @Override
  public void text(CharSequence value) {
    bind(value.toString());
  }

  @Override
  public void textArray(CharSequence[] values, int count) {
    String[] copy = new String[count];
    for (int i = 0; i < count; i++) {
      copy[i] = values[i].toString();
    }
    try {
      bind(connection.createArrayOf("text", copy));
    } catch (SQLException e) {
      throw new BindException(e);
    }
  }

  @Override
  public void nullValue() {
    bind(null);
  }

  @Override
  public void endRow() throws SQLException {
    rowsBound++;
    rowsLeft--;
    if (jdbcBatch()) {
      statement.addBatch();
      parameter = 0;
      if (rowsBound == batchSize || rowsLeft == 0) {
        executeBatch();
      }
    } else if (rowsBound == statementRows) {
      inserted += statement.executeUpdate();
      committed(rowsBound);
      parameter = 0;
      if (rowsLeft > 0 && rowsLeft < statementRows) {
        prepare((int) rowsLeft);
      }
    }
  }

  private void executeBatch() throws SQLException {
    for (int count : statement.executeBatch()) {
      if (count == Statement.SUCCESS_NO_INFO) {
        countsUnknown = true;
      } else {
        inserted += count;
      }
    }
    committed(rowsBound);
  }

  /** Counts rows sent since the last commit and commits when commitEvery of them are. */
  private void committed(int rows) throws SQLException {
    rowsBound = 0;
    sinceCommit += rows;
    if (commitEvery > 0 && sinceCommit >= commitEvery) {
      connection.commit();
      sinceCommit = 0;
    }
  }

  @Override
  public void finish() throws SQLException {
    if (rowsBound > 0) {
      throw new SQLException(rowsBound + " rows bound but never sent");
    }
  }

  @Override
  public void close() throws SQLException {
    if (statement != null) {
      statement.close();
    }
  }

  /**
   * Binds the next parameter: setObject takes the setter of the value's class (setShort for a
   * Short, setArray for an Array, setPGobject for a point, ...) and setNull(OTHER) for null.
   */
  private void bind(Object value) {
    try {
      statement.setObject(++parameter, value);
    } catch (SQLException e) {
      throw new BindException(e);
    }
  }

  /** A driver error while binding, carried through the RowEncoder calls that cannot throw it. */
  static final class BindException extends RuntimeException {
    BindException(SQLException cause) {
      super(cause.getMessage(), cause);
    }

    @Override
    public synchronized SQLException getCause() {
      return (SQLException) super.getCause();
    }
  }
}
