package org.pgloadbench.server;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.GroupPrincipal;
import java.nio.file.attribute.PosixFileAttributeView;
import java.nio.file.attribute.UserPrincipalLookupService;
import java.util.ArrayList;
import java.util.List;

/**
 * How the PostgreSQL binaries are run. A normal user runs them directly, as itself. PostgreSQL
 * refuses to run as root, and a server holding root's uid, even in a user namespace, would let its
 * superuser read and write any file as root ({@code pg_read_file}, {@code COPY TO}); so as root
 * they run as an unprivileged user, {@code postgres} or else {@code nobody}, through {@code
 * setpriv}, after handing that user the directories it writes.
 *
 * @param prefix the command words put before every PostgreSQL binary
 * @param owner the user that must own the data, socket and log directories, or null to leave them
 * @param group that user's group
 */
record ProcessIsolation(List<String> prefix, String owner, String group) {
  private static final ProcessIsolation DIRECT = new ProcessIsolation(List.of(), null, null);

  static ProcessIsolation detect() throws ServerException {
    return WorkRoot.isRoot() ? setpriv() : DIRECT;
  }

  private static ProcessIsolation setpriv() throws ServerException {
    for (String user : List.of("postgres", "nobody")) {
      if (Programs.output(List.of("id", "-u", user)) != null) {
        String group = group(user);
        // no-new-privs: a program the server runs (COPY TO PROGRAM) cannot gain privileges
        // through a setuid binary such as sudo
        return new ProcessIsolation(
            List.of(
                "setpriv",
                "--reuid=" + user,
                "--regid=" + group,
                "--clear-groups",
                "--no-new-privs"),
            user,
            group);
      }
    }
    throw new ServerException(
        "running as root, but there is no unprivileged user (postgres or nobody) to run the"
            + " servers as: create one (adduser --system postgres), or run pgloadbench as a"
            + " normal user");
  }

  /**
   * Checks that the user PostgreSQL runs as can run {@code binary}: as another user, the binaries
   * must lie in directories that user can enter (not under a 0700 home, say).
   */
  void checkCanRun(Path binary) throws ServerException {
    if (!canReach(binary)) {
      throw new ServerException(
          ("user %s cannot run %s: keep the build in directories every user can enter, or run"
                  + " pgloadbench as a normal user")
              .formatted(owner, binary));
    }
  }

  /**
   * Checks that the user PostgreSQL runs as can enter {@code dir} (the work root), where its own
   * directories will be.
   */
  void checkCanEnter(Path dir) throws ServerException {
    if (!canReach(dir)) {
      throw new ServerException(
          ("work dir %s: user %s, which the servers run as, cannot enter it; give --work-dir a"
                  + " directory below directories every user can enter (as root's default %s is),"
                  + " or run pgloadbench as a normal user")
              .formatted(dir, owner, WorkRoot.ROOT_CACHE));
    }
  }

  /** Whether the user PostgreSQL runs as may execute {@code path}: run a file, enter a dir. */
  private boolean canReach(Path path) {
    return owner == null
        || Programs.output(command(Path.of("test"), List.of("-x", path.toString()))) != null;
  }

  /** The command line that runs {@code binary} with {@code args} under this isolation. */
  List<String> command(Path binary, List<String> args) {
    List<String> command = new ArrayList<>(prefix);
    command.add(binary.toString());
    command.addAll(args);
    return command;
  }

  /** Gives the directories PostgreSQL writes to the user it runs as. */
  void handOver(Path... dirs) throws IOException {
    if (owner == null) {
      return;
    }
    UserPrincipalLookupService users = dirs[0].getFileSystem().getUserPrincipalLookupService();
    GroupPrincipal groupPrincipal = users.lookupPrincipalByGroupName(group);
    for (Path dir : dirs) {
      Files.setOwner(dir, users.lookupPrincipalByName(owner));
      Files.getFileAttributeView(dir, PosixFileAttributeView.class).setGroup(groupPrincipal);
    }
  }

  private static String group(String user) {
    String name = Programs.output(List.of("id", "-gn", user));
    return name != null ? name : user;
  }
}
