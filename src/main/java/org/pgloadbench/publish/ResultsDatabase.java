package org.pgloadbench.publish;

import java.io.IOException;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.util.function.UnaryOperator;

/**
 * A PostgreSQL database that keeps the runs of many machines ({@code RESULTS=postgresql://...}):
 * {@link #check} before a run, so that a wrong URL fails in seconds rather than after it, and
 * {@link #publish} of a stored run, whole or not at all. Every message names it redacted.
 */
public final class ResultsDatabase {
  /** The application_name of its connections, as pg_stat_activity shows them. */
  static final String APPLICATION = "pgloadbench-publish";

  private final ResultsUrl url;
  private final UnaryOperator<String> env;

  private ResultsDatabase(ResultsUrl url, UnaryOperator<String> env) {
    this.url = url;
    this.env = env;
  }

  /** The database a URL names; the password from it, else PGPASSWORD, else the passfile. */
  public static ResultsDatabase at(String url) throws PublishException {
    return at(url, System::getenv);
  }

  /** {@code env} looks up PGUSER and PGPASSWORD: a test gives its own. */
  public static ResultsDatabase at(String url, UnaryOperator<String> env) throws PublishException {
    return new ResultsDatabase(ResultsUrl.parse(url), env);
  }

  /** {@code postgresql://user@host:port/db}, for messages. */
  public String redacted() {
    return url.redacted();
  }

  @Override
  public String toString() {
    return redacted();
  }

  /** Connects and makes sure the schema is there, and not a newer harness's. */
  public void check() throws PublishException {
    try (Connection c = connect()) {
      Schema.ensure(c, redacted());
    } catch (SQLException e) {
      throw failed(e);
    }
  }

  /**
   * What publishing a run did.
   *
   * @param added false when the run was there already, and nothing was written
   */
  public record Published(String runKey, int steps, boolean added) {}

  /**
   * Writes a stored run ({@code results/<scenario>/<run-id>}) in one transaction: all its rows or,
   * killed on the way, none; a run published already is left as it is.
   */
  public Published publish(Path runDir) throws PublishException, IOException {
    RunRows rows = RunRows.of(runDir);
    try (Connection c = connect()) {
      Schema.ensure(c, redacted());
      rows.insertMachine(c);
      c.setAutoCommit(false);
      Published published = rows.insert(c);
      c.commit();
      return published;
    } catch (SQLException e) {
      throw failed(e);
    }
  }

  /** Whether {@code results} names a database rather than a directory. */
  public static boolean isUrl(String results) {
    return results.startsWith("postgresql://") || results.startsWith("postgres://");
  }

  /** A connection for reading (make history), or one line saying why there is none. */
  public Connection open() throws PublishException {
    try {
      return connect();
    } catch (SQLException e) {
      throw failed(e);
    }
  }

  private Connection connect() throws SQLException {
    return DriverManager.getConnection(url.jdbcUrl(), url.properties(env));
  }

  /** One line: which database, what went wrong, what to do. */
  private PublishException failed(SQLException e) {
    String state = e.getSQLState() == null ? "" : e.getSQLState();
    String what =
        e.getMessage() == null
            ? e.toString()
            : e.getMessage().replaceAll("\\s+", " ").replaceFirst("\\.$", "");
    String remedy =
        switch (state) {
          case "28P01", "28000" ->
              "give the right password for "
                  + url.role(env)
                  + " in the URL, PGPASSWORD, PGPASSFILE or ~/.pgpass";
          case "08001", "08004", "08006" ->
              "check that the server runs and the URL's host and port are right";
          case "3D000" -> "create the database first (createdb), or name another";
          case "42501" -> "grant the role CREATE on the database, or publish as one that has it";
          default -> "check the database and try again";
        };
    return new PublishException(
        "cannot use the results database " + redacted() + ": " + what + "; " + remedy);
  }
}
