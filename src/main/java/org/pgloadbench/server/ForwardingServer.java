package org.pgloadbench.server;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import org.pgloadbench.metrics.DiskThrottle;
import org.pgloadbench.metrics.InstructionCounter;
import org.pgloadbench.metrics.ResourceMeter;

/** A server that hands every call to another; a subclass overrides only what it changes. */
abstract class ForwardingServer implements PostgresServer {
  protected final PostgresServer server;

  ForwardingServer(PostgresServer server) {
    this.server = server;
  }

  @Override
  public String version() {
    return server.version();
  }

  @Override
  public String jdbcUrl(String database) {
    return server.jdbcUrl(database);
  }

  @Override
  public Credentials credentials() {
    return server.credentials();
  }

  @Override
  public String user() {
    return server.user();
  }

  @Override
  public Map<String, String> details() {
    return server.details();
  }

  @Override
  public String loadDatabase() {
    return server.loadDatabase();
  }

  @Override
  public List<String> limitations() {
    return server.limitations();
  }

  @Override
  public ResourceMeter resources() {
    return server.resources();
  }

  @Override
  public Optional<InstructionCounter> instructions() {
    return server.instructions();
  }

  @Override
  public long oomKills() {
    return server.oomKills();
  }

  @Override
  public DiskThrottle throttle() {
    return server.throttle();
  }

  @Override
  public Optional<Standby> standby() {
    return server.standby();
  }

  @Override
  public Connection connect(String database) throws SQLException {
    return server.connect(database);
  }

  @Override
  public Connection connect(String database, Properties properties) throws SQLException {
    return server.connect(database, properties);
  }

  @Override
  public boolean responds() {
    return server.responds();
  }

  @Override
  public void recover() throws ServerException {
    server.recover();
  }

  @Override
  public void close() {
    server.close();
  }
}
