package org.pgloadbench;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The tests that start a PostgreSQL server (or docker, valgrind, osm2pgsql, pgbench, a benchmark)
 * carry {@code @Tag("server")}, so that {@code make test-fast} ({@code -Dtests.excluded=server},
 * the pom's excludedGroups) leaves exactly them out. A class is taken to start one when its source
 * calls one of the helpers that do; a new such class without the tag fails here, by name, before
 * it slows the fast suite.
 */
class ServerTagTest {
  static final Path TESTS = Path.of("src/test/java");
  static final String TAG = "@Tag(\"server\")";

  /**
   * What a server-starting test calls: a target (started, or pointed at a started server), the
   * runner, a copied build, a child process, valgrind or docker, or a command line that benches.
   */
  static final Pattern STARTS =
      Pattern.compile(
          "new (EmbeddedTarget|LocalTarget|ContainerTarget|UrlTarget|Runner|EmbeddedStandby"
              + "|EmbeddedServer)\\b|TestBuilds\\.|ProcessBuilder|Valgrind|DockerClient"
              + "|\"(bench|overhead|reproduce|recommend|scaling)\"");

  /**
   * Classes that name such a helper yet start nothing, each with why: they stay in the fast suite.
   */
  static final Map<String, String> STARTS_NOTHING =
      Map.of(
          "cli/DocsTest", "\"bench\" is a command name the docs must mention",
          "cli/ScalingCommandTest", "scaling's --scales-of and usage errors only",
          "cli/OverheadOverridesTest", "overhead refuses its overrides before a server starts",
          "cli/PostgisRefusedTest", "the embedded target is refused before a server starts",
          "cli/PlanRefusesTest", "plan and bench are refused before a server starts",
          "server/NoDockerEngineTest", "a bench that stops at the missing Docker engine",
          "server/UrlTargetNamesTest", "names of a URL target, no connection",
          "server/WorkRootTest", "the start is refused by the work root's checks",
          "metrics/ProcessTreeTest", "sh and sleep processes only",
          "dataset/FlatMemoryTest", "a child JVM that streams rows, no server");

  @Test
  void everyTestThatStartsAServerCarriesTheServerTag() throws IOException {
    TreeSet<String> untagged = new TreeSet<>();
    TreeSet<String> tagged = new TreeSet<>();
    for (Path file : testClasses()) {
      String name = name(file);
      String source = Files.readString(file);
      if (source.contains(TAG)) {
        tagged.add(name);
      } else if (STARTS.matcher(source).find() && !STARTS_NOTHING.containsKey(name)) {
        untagged.add(name);
      }
    }
    assertThat(untagged)
        .as("these start a server: add %s to the class (or say why not in STARTS_NOTHING)", TAG)
        .isEmpty();
    assertThat(tagged).as("the tag is in use").isNotEmpty();
  }

  @Test
  void theClassesThatStartNothingExistAndAreNotTagged() throws IOException {
    for (String name : STARTS_NOTHING.keySet()) {
      Path file = TESTS.resolve("org/pgloadbench").resolve(name + ".java");
      assertThat(file).as("STARTS_NOTHING names %s", name).exists();
      String source = Files.readString(file);
      assertThat(source).as("%s is listed as starting nothing", name).doesNotContain(TAG);
      assertThat(STARTS.matcher(source).find())
          .as("%s no longer names a helper: drop it from STARTS_NOTHING", name)
          .isTrue();
    }
  }

  /** Every test class's source, this one left out (its own pattern names the helpers). */
  static List<Path> testClasses() throws IOException {
    try (Stream<Path> files = Files.walk(TESTS)) {
      return files
          .filter(p -> p.getFileName().toString().endsWith("Test.java"))
          .filter(p -> !p.getFileName().toString().equals("ServerTagTest.java"))
          .sorted()
          .toList();
    }
  }

  /** The class's path below org/pgloadbench without .java, e.g. cli/MainTest. */
  static String name(Path file) {
    String relative = TESTS.resolve("org/pgloadbench").relativize(file).toString();
    return relative.substring(0, relative.length() - ".java".length()).replace('\\', '/');
  }
}
