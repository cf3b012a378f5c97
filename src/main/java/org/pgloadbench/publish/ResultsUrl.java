package org.pgloadbench.publish;

import java.net.URI;
import java.net.URISyntaxException;
import java.util.Properties;
import java.util.function.UnaryOperator;

/**
 * A results database as the user names it, {@code
 * postgresql://user[:password]@host[:port]/db[?...]}. The password goes into the driver's
 * connection properties only: {@link #redacted} is what every message shows, and {@link #toString}
 * is that too.
 *
 * @param query the URL's parameters ({@code sslmode=require}), handed to the driver as written
 */
record ResultsUrl(
    String user, String password, String host, int port, String database, String query) {
  static final String FORM = "postgresql://user[:password]@host[:port]/db";

  /** Parses {@code text}; a mistake is one line that shows the form, never the text given. */
  static ResultsUrl parse(String text) throws PublishException {
    URI uri;
    try {
      uri = new URI(text.strip().replaceFirst("^postgres(ql)?://", "postgresql://"));
    } catch (URISyntaxException e) {
      uri = null;
    }
    if (uri == null || !"postgresql".equals(uri.getScheme()) || uri.getHost() == null) {
      // the text may hold a password, so it is not repeated
      throw new PublishException(
          "the results database is not a URL the harness can use; write " + FORM);
    }
    String userInfo = uri.getUserInfo() == null ? "" : uri.getUserInfo();
    int colon = userInfo.indexOf(':');
    String database = uri.getPath() == null ? "" : uri.getPath().replaceFirst("^/", "");
    return new ResultsUrl(
        colon < 0 ? userInfo : userInfo.substring(0, colon),
        colon < 0 ? null : userInfo.substring(colon + 1),
        uri.getHost(),
        uri.getPort() < 0 ? 5432 : uri.getPort(),
        database.isEmpty() ? "postgres" : database,
        uri.getRawQuery());
  }

  /** {@code postgresql://user@host:port/db}: the URL without its password and parameters. */
  String redacted() {
    return "postgresql://"
        + (user.isEmpty() ? "" : user + "@")
        + host
        + ":"
        + port
        + "/"
        + database;
  }

  @Override
  public String toString() {
    return redacted();
  }

  String jdbcUrl() {
    return "jdbc:postgresql://"
        + host
        + ":"
        + port
        + "/"
        + database
        + (query == null ? "" : "?" + query);
  }

  /**
   * The user (the URL's, else PGUSER, else the login name) and the password, in libpq's order: the
   * URL's, else PGPASSWORD; with neither, the driver reads PGPASSFILE or ~/.pgpass as libpq does. A
   * short connect timeout, so that a database that does not answer fails the command in seconds.
   */
  Properties properties(UnaryOperator<String> env) {
    Properties properties = new Properties();
    String role = !user.isEmpty() ? user : env.apply("PGUSER");
    properties.setProperty("user", role != null ? role : System.getProperty("user.name"));
    String given = password != null ? password : env.apply("PGPASSWORD");
    if (given != null) {
      properties.setProperty("password", given);
    }
    properties.setProperty("connectTimeout", "5");
    properties.setProperty("ApplicationName", ResultsDatabase.APPLICATION);
    properties.setProperty("reWriteBatchedInserts", "true");
    return properties;
  }

  /** The user the connection is made as, for messages. */
  String role(UnaryOperator<String> env) {
    return properties(env).getProperty("user");
  }
}
