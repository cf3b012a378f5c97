package org.pgloadbench.server;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;

/**
 * Whether a server can have an extension a dataset needs: from its files before it starts (an
 * extension is installed when its control file is in the share dir's {@code extension}), or by
 * asking it once it runs.
 */
public final class Extensions {
  private Extensions() {}

  /** Whether {@code name}'s control file is in {@code extensionDir}. */
  static boolean installed(Path extensionDir, String name) {
    return Files.isRegularFile(extensionDir.resolve(name + ".control"));
  }

  /**
   * Why the server behind {@code c} cannot create {@code name}: not installed there, or (for an
   * extension only a superuser may create, as PostGIS) a role that is not one; null when it can.
   */
  public static String check(Connection c, String name) throws SQLException {
    try (PreparedStatement s =
        c.prepareStatement(
            "SELECT (SELECT true FROM pg_catalog.pg_available_extensions WHERE name = ?),"
                + " (SELECT rolsuper FROM pg_catalog.pg_roles WHERE rolname = current_user),"
                + " current_user::text")) {
      s.setString(1, name);
      try (ResultSet rs = s.executeQuery()) {
        rs.next();
        if (!rs.getBoolean(1)) {
          return "has no " + name + " extension (pg_available_extensions)";
        }
        if (!rs.getBoolean(2) && !trusted(c, name)) {
          return ("has the %s extension, but the role %s may not create it (not a superuser, and it"
                  + " is not a trusted extension)")
              .formatted(name, rs.getString(3));
        }
        return null;
      }
    }
  }

  /** Whether any installed version of {@code name} is trusted (PostgreSQL 13+). */
  private static boolean trusted(Connection c, String name) throws SQLException {
    try (PreparedStatement s =
        c.prepareStatement(
            "SELECT bool_or(trusted) FROM pg_catalog.pg_available_extension_versions"
                + " WHERE name = ?")) {
      s.setString(1, name);
      try (ResultSet rs = s.executeQuery()) {
        return rs.next() && rs.getBoolean(1);
      }
    } catch (SQLException e) {
      return false; // before 13 there is no trusted column: only a superuser may
    }
  }
}
