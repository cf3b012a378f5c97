package org.pgloadbench.server;

import java.net.URI;
import java.net.URISyntaxException;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.UnaryOperator;
import java.util.regex.Pattern;
import org.pgloadbench.metrics.Clock;
import org.pgloadbench.metrics.Sql;

/**
 * A server the harness does not own ({@code postgresql://user@host:port/db}, real hardware): it
 * connects with the password from {@code PGPASSWORD} or {@code ~/.pgpass} (never from the
 * scenario), creates its own database (a fixed prefix plus the run id), works only inside it and
 * drops it at the end, Ctrl-C included. Settings are not changed: they are recorded as found.
 */
public final class UrlTarget implements ServerTarget {
  /** What every database the harness creates on such a server starts with. */
  public static final String DATABASE_PREFIX = "pgloadbench_";

  /**
   * A database or role name as the URL may hold it: plain, so that nothing in it can reach the JDBC
   * URL as a driver parameter ({@code db%3Fssl%3Dfalse} decodes to {@code db?ssl=false}).
   */
  private static final Pattern PLAIN_NAME = Pattern.compile("[A-Za-z0-9_][A-Za-z0-9_.-]*");

  /** How long a server that went down is waited for before the run stops. */
  static final String WAIT_PROPERTY = "pgloadbench.url.wait-seconds";

  private final URI uri;
  private final String text;
  private final String database;
  private final UnaryOperator<String> env;

  public UrlTarget(String url, String runId) {
    this(url, runId, System::getenv);
  }

  /** {@code env} looks up environment variables (PGPASSWORD, PGUSER): a test gives its own. */
  UrlTarget(String url, String runId, UnaryOperator<String> env) {
    this.text = url;
    this.uri = parse(url);
    this.database = DATABASE_PREFIX + runId.toLowerCase().replaceAll("[^a-z0-9]", "_");
    this.env = env;
  }

  private static URI parse(String url) {
    try {
      return new URI(url.replaceFirst("^postgres(ql)?://", "postgresql://"));
    } catch (URISyntaxException e) {
      return null;
    }
  }

  @Override
  public String resolve(String requested) throws ServerException {
    if (uri == null || uri.getHost() == null) {
      throw new ServerException(
          "not a URL the harness can use; write postgresql://user@host:port/db", "target");
    }
    if (uri.getRawQuery() != null || uri.getRawFragment() != null) {
      throw new ServerException(
          "the URL's parameters (?...) would not be used; write postgresql://user@host:port/db"
              + " alone",
          "target");
    }
    String user = uri.getRawUserInfo();
    if (!rawDatabase().isEmpty() && !PLAIN_NAME.matcher(rawDatabase()).matches()
        || user != null && !user.isEmpty() && !PLAIN_NAME.matcher(user).matches()) {
      throw new ServerException(
          "the URL's user and database must be plain names (letters, digits, _ . -, nothing"
              + " percent-encoded); write postgresql://user@host:port/db",
          "target");
    }
    return "the server at " + where();
  }

  /** The database as the URL writes it, not percent-decoded: checked by {@link #resolve}. */
  private String rawDatabase() {
    return uri.getRawPath() == null ? "" : uri.getRawPath().replaceFirst("^/", "");
  }

  private String where() {
    return uri.getHost() + ":" + port() + "/" + urlDatabase();
  }

  private int port() {
    return uri.getPort() < 0 ? 5432 : uri.getPort();
  }

  private String urlDatabase() {
    return rawDatabase().isEmpty() ? PostgresServer.MAINTENANCE_DATABASE : rawDatabase();
  }

  private String role() {
    if (uri.getRawUserInfo() != null && !uri.getRawUserInfo().isEmpty()) {
      return uri.getRawUserInfo();
    }
    String user = env.apply("PGUSER");
    return user != null ? user : System.getProperty("user.name");
  }

  @Override
  public String whyNoMemoryCap() {
    return notStarted("memory", "MEMORY and servers.memory");
  }

  @Override
  public String whyNoDiskLimit() {
    return notStarted("disk", "DISK and servers.disk");
  }

  private String notStarted(String what, String leaveOut) {
    return "the server at %s is not one the harness starts, so its %s is its own; leave %s out"
        .formatted(where(), what, leaveOut);
  }

  /** Asks the server, in the URL's database: the harness's own does not exist yet. */
  @Override
  public String whyNoExtension(String requested, String name) throws ServerException {
    resolve(requested);
    try (Connection c = new UrlServer(Map.of()).connect(PostgresServer.MAINTENANCE_DATABASE)) {
      String why = Extensions.check(c, name);
      return why == null ? null : "the server at " + where() + " " + why;
    } catch (SQLException e) {
      throw cannotConnect(e);
    }
  }

  private ServerException cannotConnect(SQLException e) {
    return new ServerException(
        "cannot connect to %s as %s: %s; check that the server runs and the password is in"
                .formatted(where(), role(), e.getMessage().replaceAll("\\s+", " "))
            + " PGPASSWORD or ~/.pgpass",
        e);
  }

  @Override
  public PostgresServer start(ServerStart start) throws ServerException {
    refuseLimits(start);
    resolve(start.version());
    UrlServer server = new UrlServer(start.settings());
    server.open();
    return server;
  }

  /** The server behind the URL, and the one database on it that the harness owns. */
  private final class UrlServer implements PostgresServer {
    private final Map<String, String> settings;
    private ShutdownHook shutdownHook;
    private String version;

    UrlServer(Map<String, String> settings) {
      this.settings = settings;
    }

    /** Connects, and refuses a server where the harness's database exists already. */
    void open() throws ServerException {
      try (Connection c = connect(MAINTENANCE_DATABASE)) {
        version = Versions.label(Sql.value(c, "SHOW server_version"));
        String sql = "SELECT count(*) FROM pg_catalog.pg_database WHERE datname = '%s'";
        if (!Sql.value(c, sql.formatted(database)).equals("0")) {
          throw new ServerException(
              ("database %s exists already on %s; the harness works only in a database it created"
                      + " (drop it if an interrupted run left it)")
                  .formatted(database, where()));
        }
      } catch (SQLException e) {
        throw cannotConnect(e);
      }
      shutdownHook = ShutdownHook.register("pgloadbench-drop-database", this::dropDatabase);
    }

    @Override
    public String version() {
      return version;
    }

    @Override
    public Map<String, String> details() {
      return Map.of("host", where(), "user", role(), "database", database);
    }

    @Override
    public String loadDatabase() {
      return database;
    }

    @Override
    public List<String> limitations() {
      List<String> limitations = new ArrayList<>();
      if (!settings.isEmpty()) {
        limitations.add(
            "settings: the scenario's "
                + settings
                + " were not applied (a server the harness does not own keeps its own);"
                + " the settings recorded are the server's, as found");
      }
      limitations.add(
          "server CPU and bytes read and written: the server's processes run on another machine"
              + " the harness only connects to; PostgreSQL's own statistics (pg_stat_io, 16+) are"
              + " all it sees");
      return limitations;
    }

    @Override
    public String jdbcUrl(String db) {
      String name = db.equals(MAINTENANCE_DATABASE) ? urlDatabase() : db;
      return "jdbc:postgresql://" + uri.getHost() + ":" + port() + "/" + name;
    }

    /** The password from PGPASSWORD; without it the driver looks in ~/.pgpass (PGPASSFILE). */
    @Override
    public Credentials credentials() {
      return Credentials.of(role(), env.apply("PGPASSWORD"));
    }

    /** The harness cannot restart it: it waits for it a bounded time, then gives up. */
    @Override
    public void recover() throws ServerException {
      long seconds = Long.getLong(WAIT_PROPERTY, 60);
      if (Clock.await(seconds * 1000, 1000, this::responds, () -> true)) {
        return;
      }
      throw new ServerException(
          "the server at %s did not come back within %d s; the run stops with what it measured"
              .formatted(where(), seconds));
    }

    @Override
    public void close() {
      dropDatabase();
      if (shutdownHook != null) {
        shutdownHook.remove();
      }
    }

    /** Drops the harness's own database (it exists only if the harness created it). */
    private synchronized void dropDatabase() {
      try (Connection c = connect(MAINTENANCE_DATABASE);
          Statement s = c.createStatement()) {
        // FORCE (13+) ends connections a Ctrl-C left open; they are the harness's own.
        boolean force = Versions.major(version) >= 13;
        s.execute("DROP DATABASE IF EXISTS " + database + (force ? " WITH (FORCE)" : ""));
      } catch (SQLException e) {
        System.err.println(
            "pgloadbench: could not drop database %s on %s: %s"
                .formatted(database, where(), e.getMessage()));
      }
    }
  }

  @Override
  public String toString() {
    return text;
  }
}
