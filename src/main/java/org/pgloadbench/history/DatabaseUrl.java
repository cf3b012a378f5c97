package org.pgloadbench.history;

import java.net.URI;
import java.net.URISyntaxException;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.util.Properties;
import java.util.function.UnaryOperator;
import java.util.regex.Pattern;

/**
 * A results database as {@code RESULTS=postgresql://user[:password]@host[:port]/db} names it. The
 * password is taken from the URL, else {@code PGPASSWORD}, else pgjdbc reads {@code PGPASSFILE} or
 * {@code ~/.pgpass}; it goes to the driver as a property, never into a JDBC URL, and {@link
 * #redacted} is the only way the URL is shown.
 */
public final class DatabaseUrl {
  private static final Pattern PLAIN_NAME = Pattern.compile("[A-Za-z0-9_][A-Za-z0-9_.-]*");

  private final String host;
  private final int port;
  private final String database;
  private final String user;
  private final String password;

  private DatabaseUrl(String host, int port, String database, String user, String password) {
    this.host = host;
    this.port = port;
    this.database = database;
    this.user = user;
    this.password = password;
  }

  /** Whether {@code results} names a database rather than a directory. */
  public static boolean isUrl(String results) {
    return results.startsWith("postgresql://") || results.startsWith("postgres://");
  }

  /** {@code env} looks up PGUSER and PGPASSWORD: a test gives its own. */
  public static DatabaseUrl parse(String url, UnaryOperator<String> env) throws HistoryException {
    URI uri;
    try {
      uri = new URI(url.replaceFirst("^postgres(ql)?://", "postgresql://"));
    } catch (URISyntaxException e) {
      uri = null;
    }
    if (uri == null || uri.getHost() == null || uri.getRawQuery() != null) {
      throw new HistoryException(
          "RESULTS (--results) is not a database URL the harness reads; write"
              + " postgresql://user@host:port/db");
    }
    String info = uri.getRawUserInfo() == null ? "" : uri.getRawUserInfo();
    int colon = info.indexOf(':');
    String user = decode(colon < 0 ? info : info.substring(0, colon));
    String password = colon < 0 ? env.apply("PGPASSWORD") : decode(info.substring(colon + 1));
    if (user.isEmpty()) {
      user = env.apply("PGUSER") != null ? env.apply("PGUSER") : System.getProperty("user.name");
    }
    String path = uri.getRawPath() == null ? "" : uri.getRawPath().replaceFirst("^/", "");
    String database = path.isEmpty() ? user : path;
    // plain names only: nothing in them can reach the JDBC URL as a driver parameter
    if (!PLAIN_NAME.matcher(database).matches() || !PLAIN_NAME.matcher(user).matches()) {
      throw new HistoryException(
          "the results database's user and database must be plain names (letters, digits, _ . -);"
              + " write postgresql://user@host:port/db");
    }
    return new DatabaseUrl(
        uri.getHost(), uri.getPort() < 0 ? 5432 : uri.getPort(), database, user, password);
  }

  private static String decode(String raw) {
    return URLDecoder.decode(raw.replace("+", "%2B"), StandardCharsets.UTF_8);
  }

  /** {@code postgresql://user@host:port/db}: the URL without its password. */
  public String redacted() {
    return "postgresql://" + user + "@" + host + ":" + port + "/" + database;
  }

  /** A connection, or one line saying why there is none (the server's message, no password). */
  public Connection connect() throws HistoryException {
    Properties properties = new Properties();
    properties.setProperty("user", user);
    if (password != null) {
      properties.setProperty("password", password);
    }
    properties.setProperty("ApplicationName", "pgloadbench history");
    properties.setProperty("connectTimeout", "10");
    try {
      return DriverManager.getConnection(
          "jdbc:postgresql://" + host + ":" + port + "/" + database, properties);
    } catch (SQLException e) {
      String message = e.getMessage() == null ? "" : e.getMessage().replaceAll("\\s+", " ").strip();
      throw new HistoryException(
          "cannot connect to the results database "
              + redacted()
              + ": "
              + (password == null ? message : message.replace(password, "***"))
              + "; check that it runs and the password is in the URL, PGPASSWORD or PGPASSFILE",
          e);
    }
  }
}
