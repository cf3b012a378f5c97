package org.pgloadbench.server;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * Test helper: runs commands as another local user ({@code nobody}, through setpriv), as an
 * attacker on the same machine would. Only root can switch users, so tests using it assume root.
 */
final class ForeignUser {
  static final String NAME = "nobody";

  private ForeignUser() {}

  /** Why the tests cannot act as another user here, or null when they can. */
  static String unavailable() throws Exception {
    if (!"root".equals(System.getProperty("user.name"))) {
      return "only root can act as another user";
    }
    if (run(List.of("id", "-u", NAME), Map.of()).exitCode() != 0) {
      return "no user " + NAME;
    }
    return null;
  }

  record Result(int exitCode, String output) {}

  /** Runs {@code command} as {@link #NAME} with only {@code environment} set. */
  static Result runAsForeignUser(List<String> command, Map<String, String> environment)
      throws Exception {
    List<String> all =
        new ArrayList<>(
            List.of("setpriv", "--reuid=" + NAME, "--regid=" + group(), "--clear-groups", "--"));
    all.addAll(command);
    return run(all, environment);
  }

  /**
   * What {@link ForeignClient}, run as the foreign user, gets from the server on {@code port}; the
   * class is copied where that user can read it (the test classpath may lie under root's home).
   */
  static String probe(int port) throws Exception {
    Path dir =
        Files.createTempDirectory(
            "pgloadbench-probe",
            PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwxr-xr-x")));
    try {
      String resource = ForeignClient.class.getName().replace('.', '/') + ".class";
      Path file = dir.resolve(resource);
      Files.createDirectories(file.getParent());
      try (InputStream in = ForeignClient.class.getClassLoader().getResourceAsStream(resource)) {
        Files.copy(in, file);
      }
      for (Path p = file; !p.equals(dir); p = p.getParent()) {
        Files.setPosixFilePermissions(p, PosixFilePermissions.fromString("rwxr-xr-x"));
      }
      String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
      Result result =
          runAsForeignUser(
              List.of(
                  java,
                  "-XX:-UsePerfData",
                  "-Xmx32m",
                  "-cp",
                  dir.toString(),
                  ForeignClient.class.getName(),
                  Integer.toString(port)),
              Map.of());
      return result.output().strip();
    } finally {
      WorkRoot.delete(dir);
    }
  }

  private static String group() throws Exception {
    return run(List.of("id", "-g", NAME), Map.of()).output().strip();
  }

  private static Result run(List<String> command, Map<String, String> environment)
      throws IOException, InterruptedException {
    ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true);
    builder.environment().clear();
    builder.environment().put("PATH", "/usr/local/bin:/usr/bin:/bin:/usr/sbin:/sbin");
    builder.environment().put("HOME", "/nonexistent");
    builder.environment().putAll(environment);
    Process p = builder.start();
    byte[] output = p.getInputStream().readAllBytes();
    if (!p.waitFor(60, TimeUnit.SECONDS)) {
      p.destroyForcibly();
      throw new IOException(command + " did not finish in 60 s");
    }
    return new Result(p.exitValue(), new String(output, StandardCharsets.UTF_8));
  }
}
