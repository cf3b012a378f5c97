package org.pgloadbench.scenario;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code servers.target} in a scenario and {@code TARGET=} on the command line. */
class ServersTargetTest {
  @TempDir Path dir;

  private Scenario load(String servers) throws Exception {
    Path file =
        Files.writeString(
            dir.resolve("x.yaml"),
            "name: x\n"
                + "dataset: {kind: osm-synthetic, tables: [nodes], rows: {nodes: 10}}\n"
                + "servers: "
                + servers
                + "\n"
                + "steps: [create, copy]\n");
    return ScenarioLoader.load(file);
  }

  private String error(String servers) {
    return catchThrowableOfType(ScenarioException.class, () -> load(servers)).getMessage();
  }

  @Test
  void scenarioTargets() throws Exception {
    assertThat(load("{target: container, versions: [16], image: 'my/pg:16'}").servers())
        .isEqualTo(new ServersSpec("container", List.of("16"), "my/pg:16", Map.of(), null));
    ServersSpec builds =
        load("{target: local, builds: {head: /opt/head/bin, patch: /opt/patch/bin}}").servers();
    assertThat(builds.versions()).containsExactly("head", "patch");
    assertThat(builds.builds()).containsEntry("patch", "/opt/patch/bin");
    assertThat(load("{target: 'local:/usr/lib/postgresql/15/bin'}").servers())
        .isEqualTo(
            new ServersSpec(
                "local",
                List.of("local"),
                null,
                Map.of("local", "/usr/lib/postgresql/15/bin"),
                null));
    ServersSpec url = load("{target: 'postgresql://bench@db.example:5433/postgres'}").servers();
    assertThat(url.target()).isEqualTo("url");
    assertThat(url.url()).isEqualTo("postgresql://bench@db.example:5433/postgres");
  }

  @Test
  void scenarioTargetMistakes() {
    assertThat(error("{versions: [17], image: x}"))
        .endsWith(
            "x.yaml:3: servers.image: is for the container target; add target: container or"
                + " remove it");
    assertThat(error("{target: local, builds: {head: /a}, versions: [17]}"))
        .contains("the local target runs the server(s) it names, not versions; remove versions");
    assertThat(error("{target: container}")).contains("missing 'servers.versions'");
    assertThat(error("{target: 'postgresql://u:hunter2@h/db'}"))
        .doesNotContain("hunter2")
        .contains("the URL holds a password; remove it and give it in PGPASSWORD or ~/.pgpass");
  }

  @Test
  void commandLineTargetReplacesTheScenarios() throws Exception {
    Scenario embedded = load("{versions: [16, 17]}");
    assertThat(
            embedded
                .withOverrides(Overrides.parse(null, null, null, null, null, "container"))
                .servers())
        .isEqualTo(new ServersSpec("container", List.of("16", "17")));
    ServersSpec local =
        embedded
            .withOverrides(
                Overrides.parse(null, null, null, null, null, "local:/usr/lib/postgresql/15/bin"))
            .servers();
    assertThat(local.versions()).containsExactly("local");
    assertThat(local.builds()).containsEntry("local", "/usr/lib/postgresql/15/bin");
    assertThat(
            embedded
                .withOverrides(
                    Overrides.parse(null, null, null, null, null, "postgresql://me@h/db"))
                .servers()
                .url())
        .isEqualTo("postgresql://me@h/db");

    Scenario builds = load("{target: local, builds: {head: /a, patch: /b}}");
    assertThat(
            builds
                .withOverrides(Overrides.parse("17", null, null, null, null, "embedded"))
                .servers())
        .isEqualTo(new ServersSpec("embedded", List.of("17")));
    assertThat(
            catchThrowableOfType(
                    ScenarioException.class,
                    () ->
                        builds.withOverrides(
                            Overrides.parse(null, null, null, null, null, "embedded")))
                .getMessage())
        .isEqualTo(
            "TARGET=embedded: the embedded target needs PostgreSQL versions; give them, e.g."
                + " PG=17");
    assertThat(
            catchThrowableOfType(
                    ScenarioException.class,
                    () ->
                        embedded.withOverrides(
                            Overrides.parse(
                                null, null, null, null, null, "postgresql://me:pw@h/db")))
                .getMessage())
        .doesNotContain("pw@")
        .contains("the URL holds a password");
  }
}
