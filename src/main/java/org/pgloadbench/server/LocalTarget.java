package org.pgloadbench.server;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The user's own PostgreSQL builds (a bin dir each: {@code initdb}, {@code pg_ctl}, {@code
 * postgres}), started by the same launcher as the embedded binaries. Builds are named by labels
 * ({@code head}, {@code patch}) that take the place of versions in results; the one build of {@code
 * TARGET=local:<dir>} is shown by its version.
 */
public final class LocalTarget implements ServerTarget {
  /** The label of a build given alone, shown by its version rather than by this label. */
  public static final String UNLABELLED = "local";

  private static final Pattern VERSION = Pattern.compile("\\(PostgreSQL\\) (\\d+)(\\.\\d+)?(\\S*)");
  private static final List<String> PROGRAMS = List.of("initdb", "pg_ctl", "postgres");

  private final Map<String, Path> builds = new LinkedHashMap<>();
  private final EmbeddedTarget launcher;

  public LocalTarget(Map<String, String> builds, Path workRoot) {
    this(builds, workRoot, null);
  }

  /** The builds' servers started under {@code valgrind} to count instructions, or (null) not. */
  public LocalTarget(Map<String, String> builds, Path workRoot, Valgrind valgrind) {
    builds.forEach((label, dir) -> this.builds.put(label, Path.of(dir)));
    this.launcher = new EmbeddedTarget(workRoot, valgrind);
  }

  @Override
  public String resolve(String label) throws ServerException {
    Path bin = bin(label);
    return version(label, bin) + " in " + bin;
  }

  @Override
  public PostgresServer start(ServerStart start) throws ServerException {
    String label = start.version();
    Path bin = bin(label);
    String version = version(label, bin);
    EmbeddedServer server =
        launcher.launch(
            bin.toAbsolutePath().getParent(), "local-" + label, Versions.major(version), start);
    server.labelled(label.equals(UNLABELLED) ? null : label, bin);
    return server;
  }

  @Override
  public String whyNoMemoryCap() {
    return launcher.whyNoMemoryCap();
  }

  @Override
  public String whyNoDiskLimit() {
    return launcher.whyNoDiskLimit();
  }

  /** A standby from the build's own pg_basebackup, or a copy: see {@link EmbeddedStandby}. */
  @Override
  public String whyNoStandby() {
    return null;
  }

  /**
   * Looks where the build's {@code pg_config --sharedir} says its extensions are, or, without
   * pg_config (the embedded binaries' layout, a build installed without it), in the share dir
   * beside its bin dir; a build with neither is asked once its server runs.
   */
  @Override
  public String whyNoExtension(String label, String name) throws ServerException {
    Path bin = bin(label);
    Path extensions = extensionDir(bin);
    if (extensions == null || Extensions.installed(extensions, name)) {
      return null;
    }
    return "PostgreSQL %s in %s has no %s extension (none in %s)"
        .formatted(version(label, bin), bin, name, extensions);
  }

  /** Where the build in {@code bin} keeps its extensions' control files, or null if unknown. */
  private static Path extensionDir(Path bin) throws ServerException {
    if (Files.isExecutable(bin.resolve("pg_config"))) {
      String shareDir =
          Programs.run(
                  List.of(bin.resolve("pg_config").toString(), "--sharedir"),
                  "pg_config --sharedir")
              .strip();
      return Path.of(shareDir, "extension");
    }
    // configure's default share dir: <prefix>/share, with /postgresql unless the prefix names it
    Path share = bin.toAbsolutePath().normalize().resolveSibling("share");
    for (Path dir : List.of(share.resolve("postgresql/extension"), share.resolve("extension"))) {
      if (Files.isRegularFile(dir.resolve("plpgsql.control"))) {
        return dir;
      }
    }
    return null;
  }

  /** The build's bin dir, checked to hold the programs the launcher runs. */
  private Path bin(String label) throws ServerException {
    Path bin = builds.get(label);
    if (bin == null) {
      throw new ServerException(
          "no local build labelled '" + label + "'; known: " + builds.keySet());
    }
    for (String program : PROGRAMS) {
      if (!Files.isExecutable(bin.resolve(program))) {
        throw new ServerException(
            ("no %s in %s; give the bin dir of a PostgreSQL build, e.g."
                    + " local:/usr/lib/postgresql/15/bin")
                .formatted(program, bin),
            field(label));
      }
    }
    return bin;
  }

  /** The build's version from {@code postgres --version}, e.g. {@code 15.14} or {@code 18devel}. */
  private static String version(String label, Path bin) throws ServerException {
    String out =
        Programs.run(
            List.of(bin.resolve("postgres").toString(), "--version"), "postgres --version");
    Matcher m = VERSION.matcher(out);
    if (!m.find()) {
      throw new ServerException(
          bin + "/postgres --version says '" + out.strip() + "'; is it PostgreSQL?", field(label));
    }
    return Versions.label(m.group(1) + (m.group(2) == null ? "" : m.group(2)) + m.group(3));
  }

  /** Where the scenario names a build: {@code target: local:<dir>}, or under {@code builds}. */
  private static String field(String label) {
    return label.equals(UNLABELLED) ? "target" : "builds." + label;
  }

  @Override
  public void keepClusters() {
    launcher.keepClusters();
  }

  @Override
  public void releaseClusters() {
    launcher.releaseClusters();
  }
}
