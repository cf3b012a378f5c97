package org.pgloadbench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.pgloadbench.scenario.ScenarioFiles;
import picocli.CommandLine;

/**
 * README.md's lists kept in step with the code: the shipped scenarios, the Makefile's variables and
 * the commands. Each list is read where the README gives it, so that a scenario, variable or
 * command added without a word there fails here.
 */
class ReadmeTest {
  static final Path README = Path.of("README.md");

  static String readme() throws IOException {
    return Files.readString(README);
  }

  static TreeSet<String> commands() {
    return new TreeSet<>(new CommandLine(new Main()).getSubcommands().keySet());
  }

  @Test
  void theShippedScenariosTableDescribesEveryScenarioInScenarios() throws IOException {
    List<String> lines = readme().lines().toList();
    int start = lines.indexOf("Shipped scenarios:");
    assertThat(start).as("README's 'Shipped scenarios:' table").isPositive();
    List<String> described = new ArrayList<>();
    for (String line : lines.subList(start + 1, lines.size())) {
      if (line.isBlank() && !described.isEmpty()) {
        break;
      }
      Matcher row = Pattern.compile("^\\| `([a-z0-9._-]+)` \\| (.+) \\|$").matcher(line);
      if (row.matches()) {
        assertThat(row.group(2)).as(row.group(1)).isNotBlank();
        described.add(row.group(1));
      }
    }
    assertThat(new TreeSet<>(described))
        .isEqualTo(new TreeSet<>(ScenarioFiles.available(Path.of("scenarios"))));
  }

  @Test
  void everyMakefileVariableIsDocumented() throws IOException {
    String readme = readme();
    Matcher assignment =
        Pattern.compile("(?m)^(?:export )?([A-Z][A-Z0-9_]*) \\?=")
            .matcher(Files.readString(Path.of("Makefile")));
    List<String> variables = new ArrayList<>();
    while (assignment.find()) {
      variables.add(assignment.group(1));
    }
    assertThat(variables).contains("SCENARIO", "PG", "REPRODUCE", "OVERHEAD_PGBENCH", "SCALES");
    // written as make takes it (NAME=) or named as itself (`NAME`)
    assertThat(variables)
        .allSatisfy(
            v ->
                assertThat(readme)
                    .as("README says nothing of the Makefile's " + v)
                    .containsAnyOf(v + "=", "`" + v + "`"));
  }

  @Test
  void everyCommandIsListedWhereTheReadmeListsThem() throws IOException {
    String readme = readme();
    assertThat(commands()).contains("bench", "dump", "schema");
    Matcher help = Pattern.compile("lists its commands \\(([^)]*)\\)").matcher(readme);
    assertThat(help.find()).as("README: '--help lists its commands (...)'").isTrue();
    assertThat(words(help.group(1), "`([a-z]+)`")).isEqualTo(commands());
    Matcher layout =
        Pattern.compile("(?m)^  cli/ +command line \\(picocli\\): (.*(?:\n {13}\\S.*)*)")
            .matcher(readme);
    assertThat(layout.find()).as("README's Layout: 'cli/ command line (picocli): ...'").isTrue();
    assertThat(words(layout.group(1), "([a-z]+)")).isEqualTo(commands());
  }

  @Test
  void everySourceFileTheReadmeNamesExists() throws IOException {
    Matcher named =
        Pattern.compile("`([a-z]+/[A-Z][A-Za-z]*\\.java)`").matcher(Files.readString(README));
    List<String> missing = new ArrayList<>();
    int found = 0;
    while (named.find()) {
      found++;
      if (!Files.exists(Path.of("src/main/java/org/pgloadbench", named.group(1)))) {
        missing.add(named.group(1));
      }
    }
    assertThat(found).isPositive();
    assertThat(missing).as("files README names under src/main/java/org/pgloadbench").isEmpty();
  }

  private static TreeSet<String> words(String text, String word) {
    TreeSet<String> words = new TreeSet<>();
    Matcher m = Pattern.compile(word).matcher(text);
    while (m.find()) {
      words.add(m.group(1));
    }
    return words;
  }
}
