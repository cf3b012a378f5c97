package org.pgloadbench.server;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.util.Properties;

/**
 * A running PostgreSQL server the harness loads into. Closing it stops it if the harness started
 * it.
 */
public interface PostgresServer extends AutoCloseable {
  /** The database every server has, where the harness connects to create the one it loads. */
  String MAINTENANCE_DATABASE = "postgres";

  /** The server's own version string, e.g. {@code 17.6}, as results and reports show it. */
  String version();

  /** A JDBC URL for a database on this server, without credentials. */
  String jdbcUrl(String database);

  /** The role and password the harness connects with; the password never goes into the URL. */
  Credentials credentials();

  /** The role the harness connects as. */
  default String user() {
    return credentials().user();
  }

  default Connection connect(String database) throws SQLException {
    return DriverManager.getConnection(jdbcUrl(database), credentials().jdbcProperties());
  }

  /** A connection with driver properties, e.g. pgjdbc's reWriteBatchedInserts; none: as above. */
  default Connection connect(String database, Properties properties) throws SQLException {
    if (properties.isEmpty()) {
      return connect(database);
    }
    Properties all = credentials().jdbcProperties();
    all.putAll(properties);
    return DriverManager.getConnection(jdbcUrl(database), all);
  }

  @Override
  void close();
}
