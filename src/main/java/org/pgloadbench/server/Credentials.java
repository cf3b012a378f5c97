package org.pgloadbench.server;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.SecureRandom;
import java.util.Base64;
import java.util.Properties;

/**
 * The role and password the harness connects with. The password leaves this object only into the
 * JDBC driver's connection properties, into a file only its owner can read (initdb's {@code
 * --pwfile}, a standby's passfile), as a SCRAM hash to the server that keeps it, and into a harness
 * container's environment; it is never part of a URL, a command line or {@link #toString}, so it
 * cannot reach a log, an exception message, results or run.json.
 */
public final class Credentials {
  private static final SecureRandom RANDOM = new SecureRandom();

  private final String user;
  private final String password;

  private Credentials(String user, String password) {
    this.user = user;
    this.password = password;
  }

  /** A fresh random password (192 bits, URL-safe base64 so that it is one plain line). */
  public static Credentials random(String user) {
    byte[] bytes = new byte[24];
    RANDOM.nextBytes(bytes);
    return new Credentials(user, Base64.getUrlEncoder().withoutPadding().encodeToString(bytes));
  }

  /** A given password; null lets the driver look in PGPASSWORD and ~/.pgpass (a URL target). */
  public static Credentials of(String user, String password) {
    return new Credentials(user, password);
  }

  public String user() {
    return user;
  }

  /**
   * The password, for a container's POSTGRES_PASSWORD (the container target's initdb reads it
   * there; it is in the container's environment, not on a command line).
   */
  String password() {
    return password;
  }

  /** The driver's connection properties: the user, and the password when there is one. */
  public Properties jdbcProperties() {
    Properties properties = new Properties();
    properties.setProperty("user", user);
    if (password != null) {
      properties.setProperty("password", password);
    }
    return properties;
  }

  /**
   * Writes the password to a new file created readable and writable by its owner only (0600 from
   * the start, never wider), as initdb's {@code --pwfile} reads it.
   */
  public void writePasswordFile(Path file) throws IOException {
    writeOwnerOnly(file, password);
  }

  /**
   * Writes a libpq passfile ({@code passfile=} of a connection string) giving this role's password
   * for any host, port and database, created readable and writable by its owner only, as libpq
   * demands.
   */
  void writePassfile(Path file) throws IOException {
    writeOwnerOnly(file, "*:*:*:" + user + ":" + password);
  }

  /**
   * {@code line}, holding the password, in a new file only its owner may read (0600 from the
   * start).
   */
  private void writeOwnerOnly(Path file, String line) throws IOException {
    if (password == null) {
      throw new IllegalStateException("no password to write");
    }
    Files.createFile(
        file, PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------")));
    Files.writeString(file, line + "\n", StandardCharsets.UTF_8);
  }

  @Override
  public String toString() {
    String shown = password == null ? "none" : "hidden";
    return "Credentials[user=" + user + ", password=" + shown + "]";
  }
}
