package org.pgloadbench.server;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import org.pgloadbench.metrics.Clock;
import org.pgloadbench.metrics.DiskThrottle;
import org.pgloadbench.metrics.InstructionCounter;
import org.pgloadbench.metrics.ResourceMeter;

/**
 * A running PostgreSQL server the harness loads into. Closing it stops it if the harness started
 * it.
 */
public interface PostgresServer extends AutoCloseable {
  /** The database every server has, where the harness connects to create the one it loads. */
  String MAINTENANCE_DATABASE = "postgres";

  /** Among {@link #details}: the memory cap in bytes of a server the harness capped. */
  String MEMORY_CAP = "memory_cap_bytes";

  /** Among {@link #details}: the disk limit, as written, of a server the harness limited. */
  String DISK_LIMIT = "disk_limit";

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

  /**
   * What run.json records about this server beside its version: where it came from (bin dir, image,
   * host), never a credential.
   */
  default Map<String, String> details() {
    return Map.of();
  }

  /** The database each load creates afresh (dropping the one before): the harness's own. */
  default String loadDatabase() {
    return "pgloadbench";
  }

  /**
   * What the harness could not do on this server, known from the start, each as {@code "what: why"}
   * for run.json and the report (the runner adds what it finds out while loading).
   */
  default List<String> limitations() {
    return List.of();
  }

  /**
   * What the operating system counts of this server's processes (CPU, bytes read and written), for
   * the runner to read around each step; {@link ResourceMeter#NONE} where the harness cannot see
   * them (a server it only connects to).
   */
  default ResourceMeter resources() {
    return ResourceMeter.NONE;
  }

  /**
   * What counts the instructions of this server's backends step by step, where the harness started
   * it under valgrind ({@code measure: instructions}); empty otherwise.
   */
  default Optional<InstructionCounter> instructions() {
    return Optional.empty();
  }

  /**
   * How many of this server's processes the kernel has killed for its memory cap so far, or -1
   * where that is not known (no cap, or a target that does not tell).
   */
  default long oomKills() {
    return -1;
  }

  /**
   * What the throttle on this server's disk counts, for the runner to read around each step; null
   * where its disk is not limited, or the harness cannot see the throttle (a container's).
   */
  default DiskThrottle throttle() {
    return null;
  }

  /**
   * The server's physical standby, when the harness gave it one ({@code servers.standby}); it stops
   * with the server.
   */
  default Optional<Standby> standby() {
    return Optional.empty();
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

  /**
   * Whether the server accepts connections; waits a few seconds while it says it is starting up or
   * recovering (after a backend crashed, the postmaster restarts the others by itself).
   */
  default boolean responds() {
    for (int attempt = 0; ; attempt++) {
      try (Connection c = connect(MAINTENANCE_DATABASE)) {
        return true;
      } catch (SQLException e) {
        if (!"57P03".equals(e.getSQLState()) || attempt == 50) {
          return false;
        }
      }
      if (!Clock.pause(200)) {
        return false;
      }
    }
  }

  /**
   * Brings the server back after it went down (a postmaster killed during a step): a server the
   * harness started is started again, with crash recovery; one it only connects to is waited for.
   *
   * @throws ServerException when it cannot be had again; the run then stops with what it has
   */
  void recover() throws ServerException;

  @Override
  void close();
}
