package org.pgloadbench.server;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The work root belongs to the user running the harness and nobody else. */
class WorkRootTest {
  @TempDir Path dir;
  private Process sleeper;

  @AfterEach
  void stopSleeper() {
    if (sleeper != null) {
      sleeper.destroyForcibly();
    }
  }

  @Test
  void aMissingWorkRootIsCreatedForTheOwnerOnly() throws Exception {
    Path root = WorkRoot.prepare(dir.resolve("a/b/servers"));
    assertThat(root).isDirectory().isAbsolute();
    assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(root)))
        .isEqualTo("rwx------");
    assertThat(WorkRoot.prepare(root)).isEqualTo(root); // and accepted the next time
  }

  @Test
  void theDefaultIsInTheUsersCacheNotTheSharedTempDir() {
    Path root = WorkRoot.defaultLocation();
    assertThat(root.getFileName().toString()).isEqualTo("pgloadbench");
    assertThat(root.startsWith(Path.of(System.getProperty("java.io.tmpdir")))).isFalse();
  }

  /** Root's ~/.cache lies in a 0700 home that the servers' user cannot enter. */
  @Test
  void rootsDefaultIsASystemCacheUnlessXdgCacheHomeSaysOtherwise() {
    assertThat(WorkRoot.defaultLocation(null, true, "/root"))
        .isEqualTo(Path.of("/var/cache/pgloadbench"));
    assertThat(WorkRoot.defaultLocation("/srv/cache", true, "/root"))
        .isEqualTo(Path.of("/srv/cache/pgloadbench"));
    assertThat(WorkRoot.defaultLocation(null, false, "/home/u"))
        .isEqualTo(Path.of("/home/u/.cache/pgloadbench"));
  }

  @Test
  void aWorkRootOthersMayWriteToIsRefused() throws Exception {
    Path root = Files.createDirectory(dir.resolve("servers"));
    Files.setPosixFilePermissions(root, PosixFilePermissions.fromString("rwxrwxrwx"));
    assertRefused(root, "other users may write to it (mode rwxrwxrwx)");
    Files.setPosixFilePermissions(root, PosixFilePermissions.fromString("rwxrwx---"));
    assertRefused(root, "other users may write to it (mode rwxrwx---)");
  }

  @Test
  void aSymbolicLinkIsRefused() throws Exception {
    Path target = WorkRoot.prepare(dir.resolve("real"));
    Path link = Files.createSymbolicLink(dir.resolve("servers"), target);
    assertRefused(link, "is a symbolic link");
  }

  /**
   * The attack: another user made the work root first and planted a pid file naming a
   * process of ours. Nothing starts and the process lives.
   */
  @Test
  void aWorkRootOfAnotherUserIsRefusedAndNothingInItIsTrusted() throws Exception {
    String unavailable = ForeignUser.unavailable();
    assumeTrue(unavailable == null, unavailable);
    Path root = Files.createDirectory(dir.resolve("servers"));
    sleeper = new ProcessBuilder("sleep", "300").start();
    Path planted = Files.createDirectories(root.resolve("3999999-x/data"));
    Files.writeString(planted.resolve("postmaster.pid"), sleeper.pid() + "\n");
    for (Path p :
        new Path[] {planted.resolve("postmaster.pid"), planted, planted.getParent(), root}) {
      Files.setOwner(
          p,
          p.getFileSystem()
              .getUserPrincipalLookupService()
              .lookupPrincipalByName(ForeignUser.NAME));
    }
    assertRefused(root, "belongs to another user");
    assertThat(sleeper.isAlive()).isTrue();
    assertThat(planted.resolve("postmaster.pid")).exists();
  }

  /** Refused by the target that would start a server there, in one line, before anything runs. */
  private static void assertRefused(Path root, String why) {
    assertThatThrownBy(() -> Embedded.target(root).start("17", Map.of()))
        .isInstanceOf(ServerException.class)
        .hasMessageStartingWith("work dir " + root.toAbsolutePath() + ": ")
        .hasMessageContaining(why)
        .hasMessageNotContaining("\n");
  }
}
