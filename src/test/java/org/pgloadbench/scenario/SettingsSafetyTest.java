package org.pgloadbench.scenario;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.pgloadbench.variant.SettingsProfile;

/**
 * A scenario is something people share in issues: it may tune the server with the settings of the
 * allow list, nothing else unless the command line trusts it; the harness's own wiring never; and
 * no value may break postgresql.conf's lines.
 */
class SettingsSafetyTest {
  @TempDir Path dir;

  private static final String BASE = ScenarioErrorsTest.BASE + "settings:\n  work_mem: 64MB\n";

  @ParameterizedTest
  @ValueSource(
      strings = {
        "archive_command",
        "restore_command",
        "archive_library",
        "ssl_passphrase_command",
        "shared_preload_libraries",
        "session_preload_libraries",
        "local_preload_libraries",
        "dynamic_library_path",
        "archive_cleanup_command",
        "recovery_end_command",
        "jit_provider",
        "plperl.on_init",
        "include",
        "include_dir",
        "hba_file",
        "external_pid_file",
        "log_directory",
        // new in 18: a control file of the scenario's choosing would run as superuser
        "extension_control_path",
        "search_path",
        "default_table_access_method",
        "pg_stat_statements.max"
      })
  void aSettingOutsideTheAllowListIsRefusedUnlessTrusted(String name) throws Exception {
    Path file = write(BASE + "  " + name + ": \"touch /etc/x\"\n");
    String message =
        catchThrowableOfType(ScenarioException.class, () -> ScenarioLoader.load(file)).getMessage();
    assertThat(message)
        .startsWith(file + ":15: settings." + name + ": not among the settings a scenario may set")
        .endsWith("; remove it, or run with --trust-scenario if you trust this file")
        .doesNotContain("\n");
    assertThat(ScenarioLoader.load(file, true).settings())
        .containsEntry(name, "touch /etc/x")
        .containsEntry("work_mem", "64MB");
  }

  @ParameterizedTest
  @ValueSource(
      strings = {"port", "unix_socket_directories", "unix_socket_permissions", "listen_addresses"})
  void theHarnesssOwnWiringIsRefusedEvenWhenTrusted(String name) throws Exception {
    Path file = write(BASE + "  " + name + ": \"0\"\n");
    assertThat(catchThrowableOfType(ScenarioException.class, () -> ScenarioLoader.load(file, true)))
        .hasMessage(
            file
                + ":15: settings."
                + name
                + ": the harness sets it itself, to reach its own server and keep others out;"
                + " remove it");
  }

  @Test
  void aMisspeltSettingIsToldTheClosestAllowedOne() throws Exception {
    Path file = write(BASE + "  maintenance_work_meme: 1GB\n");
    assertThat(catchThrowableOfType(ScenarioException.class, () -> ScenarioLoader.load(file)))
        .hasMessageContaining("did you mean 'maintenance_work_mem'?");
  }

  @Test
  void everySettingOfTheShippedScenariosAndProfilesIsAllowed() throws Exception {
    for (SettingsProfile profile : SettingsProfile.values()) {
      assertThat(profile.settings(16L << 30).keySet())
          .allSatisfy(name -> assertThat(AllowedSettings.allowed(name)).as(name).isTrue());
    }
    try (var files = Files.list(Path.of("scenarios"))) {
      for (Path scenario : files.filter(f -> f.toString().endsWith(".yaml")).toList()) {
        assertThat(ScenarioLoader.load(scenario).settings().keySet())
            .allSatisfy(name -> assertThat(AllowedSettings.allowed(name)).as(name).isTrue());
      }
    }
  }

  @Test
  void tuningSettingsNeedNoPermission() throws Exception {
    Path file = write(BASE + "  maintenance_work_mem: 1GB\n  fsync: off\n  jit: off\n");
    assertThat(ScenarioLoader.load(file).settings()).containsKeys("maintenance_work_mem", "fsync");
  }

  @Test
  void aValueWithAControlCharacterIsRefusedWhenLoaded() throws Exception {
    for (String value : List.of("\"64MB\\narchive_command = 'x'\"", "\"a\\tb\"", "\"a\\x01\"")) {
      Path file = write(BASE.replace("64MB", value));
      String message =
          catchThrowableOfType(ScenarioException.class, () -> ScenarioLoader.load(file, true))
              .getMessage();
      assertThat(message)
          .isEqualTo(
              file
                  + ":14: settings.work_mem: the value holds a control character (a line break,"
                  + " say); write it on one line");
    }
  }

  @Test
  void controlCharactersInNamesAndKeysAreShownEscapedOnOneLine() throws Exception {
    Path file = write(BASE + "  \"work\\nmem\": 1\n");
    assertThat(catchThrowableOfType(ScenarioException.class, () -> ScenarioLoader.load(file)))
        .hasMessageStartingWith(file + ":15: settings: 'work\\nmem' is not a PostgreSQL setting")
        .hasMessageNotContaining("\n");
    Path other = write(ScenarioErrorsTest.BASE + "\"re\\rpeat\\u0007\": 2\n");
    assertThat(catchThrowableOfType(ScenarioException.class, () -> ScenarioLoader.load(other)))
        .hasMessageStartingWith(other + ":13: unknown key 're\\rpeat\\u0007'")
        .hasMessageNotContaining("\r");
  }

  @Test
  void aFieldCheckedAfterLoadingIsReportedAtItsLineOrItsOverride() throws Exception {
    Scenario s = ScenarioLoader.load(write(BASE));
    Path file = dir.resolve("x.yaml");
    assertThat(s.origins().error("servers.versions[1]", "PostgreSQL 17 is not here"))
        .hasMessage(file + ":7: servers.versions[1]: PostgreSQL 17 is not here");
    // a field not written is placed at the nearest field that holds it
    assertThat(s.origins().error("servers.image", "no such image"))
        .hasMessage(file + ":6: servers.image: no such image");
    Scenario overridden = s.withOverrides(Overrides.NONE.with(Overrides.VERSIONS, List.of("13")));
    assertThat(overridden.origins().error("servers.versions[0]", "PostgreSQL 13 is not here"))
        .hasMessage("PG=13: PostgreSQL 13 is not here");
  }

  private Path write(String yaml) throws Exception {
    return Files.writeString(dir.resolve("x.yaml"), yaml);
  }
}
