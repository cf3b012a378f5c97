package org.pgloadbench.scenario;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code servers.target} in a scenario and {@code TARGET=} on the command line. */
class ServersTargetTest {
  @TempDir Path dir;

  private Scenario load(String servers) throws Exception {
    return ScenarioLoader.load(write(servers));
  }

  /** A scenario whose user said, on the command line, that they trust it. */
  private Scenario trusted(String servers) throws Exception {
    return ScenarioLoader.load(write(servers), true);
  }

  private Path write(String servers) throws Exception {
    return Files.writeString(
        dir.resolve("x.yaml"),
        "name: x\n"
            + "dataset: {kind: osm-synthetic, tables: [nodes], rows: {nodes: 10}}\n"
            + "servers: "
            + servers
            + "\n"
            + "steps: [create, copy]\n");
  }

  private String error(String servers) {
    return catchThrowableOfType(ScenarioException.class, () -> load(servers)).getMessage();
  }

  @Test
  void aScenarioChoosesNoProgramImageOrServerByItself() throws Exception {
    String trust = ", or run with --trust-scenario if you trust this file";
    assertThat(error("{target: container, versions: [16], image: 'my/pg:16'}"))
        .endsWith(
            "x.yaml:3: servers.image: a scenario may not choose the container image (a"
                + " stranger's image would run); give it on the command line, IMAGE=my/pg:16"
                + trust);
    assertThat(error("{target: local, builds: {head: /opt/head/bin, patch: /opt/patch/bin}}"))
        .endsWith(
            "x.yaml:3: servers.builds: a scenario may not choose the builds' bin dirs (their"
                + " programs would run as you); list the labels, builds: [head, patch], and give"
                + " the dirs on the command line,"
                + " BUILDS=head=/opt/head/bin,patch=/opt/patch/bin"
                + trust);
    assertThat(error("{target: 'local:/tmp/x'}"))
        .endsWith(
            "x.yaml:3: servers.target: a scenario may not choose the programs the benchmark runs"
                + " (local:/tmp/x's postgres would run as you); give it on the command line,"
                + " TARGET=local:/tmp/x"
                + trust);
    assertThat(error("{target: 'postgresql://bench@db.example:5433/postgres'}"))
        .doesNotContain("bench@")
        .endsWith(
            "x.yaml:3: servers.target: a scenario may not choose the server the benchmark runs"
                + " on (it would receive your password); give it on the command line,"
                + " TARGET=<url>"
                + trust);
  }

  @Test
  void aScenarioNamesTheBuildsItComparesAndTheCommandLineGivesTheirDirs() throws Exception {
    Scenario labels = load("{target: local, builds: [head, patch]}");
    assertThat(labels.servers())
        .isEqualTo(new ServersSpec("local", List.of("head", "patch"), null, Map.of(), null));
    assertThat(
            catchThrowableOfType(
                    ScenarioException.class, () -> labels.withOverrides(Overrides.NONE))
                .getMessage())
        .isEqualTo(
            "the scenario runs local builds (head, patch); give their bin dirs on the command"
                + " line, e.g. BUILDS=head=/opt/pg-head/bin,patch=/opt/pg-patch/bin, or"
                + " TARGET=local:<bin dir> for one");
    ServersSpec given =
        labels
            .withOverrides(
                Overrides.NONE.with(Overrides.BUILDS, builds("patch", "/b", "head", "/a")))
            .servers();
    assertThat(given)
        .isEqualTo(
            new ServersSpec(
                "local",
                List.of("head", "patch"),
                null,
                Map.of("head", "/a", "patch", "/b"),
                null));
    assertThat(given.builds().keySet()).containsExactly("head", "patch");
    assertThat(
            catchThrowableOfType(
                    ScenarioException.class,
                    () ->
                        labels.withOverrides(
                            Overrides.NONE.with(Overrides.BUILDS, builds("head", "/a"))))
                .getMessage())
        .isEqualTo(
            "BUILDS=head=...: the scenario compares the builds head, patch; give a bin dir for"
                + " each of them");
    // any scenario runs on builds the command line names
    assertThat(
            load("{versions: [17]}")
                .withOverrides(Overrides.NONE.with(Overrides.BUILDS, builds("a", "/x", "b", "/y")))
                .servers()
                .builds())
        .containsExactly(Map.entry("a", "/x"), Map.entry("b", "/y"));
    // BUILDS=head, a label without its bin dir: cli/ScenarioArgsTest
  }

  /** Label, bin dir, label, bin dir ...: BUILDS= as the command line gives it, in order. */
  static Map<String, String> builds(String... labelsAndDirs) {
    Map<String, String> builds = new LinkedHashMap<>();
    for (int i = 0; i < labelsAndDirs.length; i += 2) {
      builds.put(labelsAndDirs[i], labelsAndDirs[i + 1]);
    }
    return builds;
  }

  @Test
  void theImageComesFromTheCommandLine() throws Exception {
    Scenario containers = load("{target: container, versions: [16]}");
    assertThat(containers.withOverrides(Overrides.NONE.with(Overrides.IMAGE, "my/pg:16")).servers())
        .isEqualTo(new ServersSpec("container", List.of("16"), "my/pg:16", Map.of(), null));
    assertThat(
            catchThrowableOfType(
                ScenarioException.class,
                () ->
                    load("{versions: [16]}")
                        .withOverrides(Overrides.NONE.with(Overrides.IMAGE, "x"))))
        .hasMessage("IMAGE=x: is for the container target; add TARGET=container");
  }

  @Test
  void aTrustedScenarioMayChooseItsServers() throws Exception {
    assertThat(trusted("{target: container, versions: [16], image: 'my/pg:16'}").servers())
        .isEqualTo(new ServersSpec("container", List.of("16"), "my/pg:16", Map.of(), null));
    ServersSpec builds =
        trusted("{target: local, builds: {head: /opt/head/bin, patch: /opt/patch/bin}}").servers();
    assertThat(builds.versions()).containsExactly("head", "patch");
    assertThat(builds.builds()).containsEntry("patch", "/opt/patch/bin");
    assertThat(trusted("{target: 'local:/usr/lib/postgresql/15/bin'}").servers())
        .isEqualTo(
            new ServersSpec(
                "local",
                List.of("local"),
                null,
                Map.of("local", "/usr/lib/postgresql/15/bin"),
                null));
    ServersSpec url = trusted("{target: 'postgresql://bench@db.example:5433/postgres'}").servers();
    assertThat(url.target()).isEqualTo("url");
    assertThat(url.url()).isEqualTo("postgresql://bench@db.example:5433/postgres");
  }

  @Test
  void scenarioTargetMistakes() throws Exception {
    assertThat(error("{versions: [17], image: x}"))
        .endsWith(
            "x.yaml:3: servers.image: is for the container target; add target: container or"
                + " remove it");
    assertThat(error("{target: local, builds: [head], versions: [17]}"))
        .contains(
            "the local target runs the builds given on the command line, not versions; remove"
                + " versions");
    assertThat(error("{target: container}")).contains("missing 'servers.versions'");
    assertThat(error("{versions: [17], builds: [head]}"))
        .endsWith(
            "x.yaml:3: servers.builds: is for the local target; add target: local or remove it");
    assertThat(
            catchThrowableOfType(
                    ScenarioException.class,
                    () -> trusted("{target: 'postgresql://h/db', image: x}"))
                .getMessage())
        .endsWith(
            "x.yaml:3: servers.image: is for the container target; add target: container or"
                + " remove it");
    // a local target's builds may come from the command line alone (BUILDS=)
    assertThat(load("{target: local}").servers())
        .isEqualTo(new ServersSpec("local", List.of(), null, Map.of(), null));
    // a target naming its servers refuses versions in its own words
    assertThat(
            catchThrowableOfType(
                    ScenarioException.class,
                    () -> trusted("{target: local, builds: {head: /opt/h}, versions: [17]}"))
                .getMessage())
        .endsWith(
            "x.yaml:3: servers.versions: the local target runs the server(s) it names, not"
                + " versions; remove versions");
    // a scenario the user trusts still may not hold a password
    assertThat(
            catchThrowableOfType(
                    ScenarioException.class,
                    () -> trusted("{target: 'postgresql://u:hunter2@h/db'}"))
                .getMessage())
        .doesNotContain("hunter2")
        .contains("the URL holds a password; remove it and give it in PGPASSWORD or ~/.pgpass");
  }

  @Test
  void aKeyOffItsTargetIsRefusedAtItsKeysLine() throws Exception {
    Path file =
        Files.writeString(
            dir.resolve("x.yaml"),
            "name: x\n"
                + "dataset: {kind: osm-synthetic, tables: [nodes], rows: {nodes: 10}}\n"
                + "servers:\n"
                + "  target: local\n"
                + "  versions:\n"
                + "    - 17\n"
                + "  builds:\n"
                + "    - head\n"
                + "steps: [create, copy]\n");
    assertThat(catchThrowableOfType(ScenarioException.class, () -> ScenarioLoader.load(file)))
        .hasMessageEndingWith(
            "x.yaml:5: servers.versions: the local target runs the builds given on the command"
                + " line, not versions; remove versions");
    Files.writeString(
        file,
        Files.readString(file).replace("target: local", "target: embedded"));
    assertThat(catchThrowableOfType(ScenarioException.class, () -> ScenarioLoader.load(file)))
        .hasMessageEndingWith(
            "x.yaml:7: servers.builds: is for the local target; add target: local or remove it");
  }

  @Test
  void commandLineTargetReplacesTheScenarios() throws Exception {
    Scenario embedded = load("{versions: [16, 17]}");
    assertThat(
            embedded
                .withOverrides(Overrides.NONE.with(Overrides.TARGET, "container"))
                .servers())
        .isEqualTo(new ServersSpec("container", List.of("16", "17"), null, Map.of(), null));
    ServersSpec local =
        embedded
            .withOverrides(
                Overrides.NONE.with(Overrides.TARGET, "local:/usr/lib/postgresql/15/bin"))
            .servers();
    assertThat(local.versions()).containsExactly("local");
    assertThat(local.builds()).containsEntry("local", "/usr/lib/postgresql/15/bin");
    assertThat(
            embedded
                .withOverrides(
                    Overrides.NONE.with(Overrides.TARGET, "postgresql://me@h/db"))
                .servers()
                .url())
        .isEqualTo("postgresql://me@h/db");

    Scenario builds = load("{target: local, builds: [head, patch]}");
    assertThat(
            builds
                .withOverrides(
                    Overrides.NONE
                        .with(Overrides.VERSIONS, List.of("17"))
                        .with(Overrides.TARGET, "embedded"))
                .servers())
        .isEqualTo(new ServersSpec("embedded", List.of("17"), null, Map.of(), null));
    assertThat(
            catchThrowableOfType(
                    ScenarioException.class,
                    () ->
                        builds.withOverrides(
                            Overrides.NONE.with(Overrides.TARGET, "embedded")))
                .getMessage())
        .isEqualTo(
            "TARGET=embedded: the embedded target needs PostgreSQL versions; give them, e.g."
                + " PG=17");
    assertThat(
            catchThrowableOfType(
                    ScenarioException.class,
                    () ->
                        embedded.withOverrides(
                            Overrides.NONE.with(Overrides.TARGET, "postgresql://me:pw@h/db")))
                .getMessage())
        .doesNotContain("pw@")
        .contains("the URL holds a password");
  }
}
