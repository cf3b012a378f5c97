package org.pgloadbench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.pgloadbench.scenario.ScenarioFiles;
import picocli.CommandLine;

/**
 * README.md and the manual under docs/ kept in step with the code: the shipped scenarios, the
 * Makefile's variables and targets, the commands, the source files and the links they name. A
 * scenario, variable or command added without a word in the docs fails here, and so does a name or
 * link the docs keep after the thing itself is gone.
 */
class DocsTest {
  static final Path README = Path.of("README.md");
  static final Path DOCS = Path.of("docs");

  /** README.md, then every page of docs/, each with its text. */
  static Map<Path, String> pages() throws IOException {
    Map<Path, String> pages = new LinkedHashMap<>();
    pages.put(README, Files.readString(README));
    try (Stream<Path> files = Files.list(DOCS)) {
      for (Path page : files.filter(p -> p.toString().endsWith(".md")).sorted().toList()) {
        pages.put(page, Files.readString(page));
      }
    }
    return pages;
  }

  /** All the docs as one text: what must be documented may be documented on any page. */
  static String docs() throws IOException {
    return String.join("\n", pages().values());
  }

  static TreeSet<String> commands() {
    return new TreeSet<>(new CommandLine(new Main()).getSubcommands().keySet());
  }

  static List<String> makefileVariables() throws IOException {
    Matcher assignment =
        Pattern.compile("(?m)^(?:export )?([A-Z][A-Z0-9_]*) \\?=")
            .matcher(Files.readString(Path.of("Makefile")));
    List<String> variables = new ArrayList<>();
    while (assignment.find()) {
      variables.add(assignment.group(1));
    }
    return variables;
  }

  static Set<String> makefileTargets() throws IOException {
    return words(Files.readString(Path.of("Makefile")), "(?m)^([a-z][a-z-]*):");
  }

  @Test
  void theManualHasItsPagesAndTheReadmeStaysAFrontDoor() throws IOException {
    assertThat(pages().keySet())
        .contains(
            DOCS.resolve("README.md"),
            DOCS.resolve("scenarios.md"),
            DOCS.resolve("datasets-and-loaders.md"),
            DOCS.resolve("targets-and-security.md"),
            DOCS.resolve("reports-and-compare.md"),
            DOCS.resolve("statistics-and-rounds.md"),
            DOCS.resolve("reproducing-the-sources.md"),
            DOCS.resolve("performance.md"),
            DOCS.resolve("architecture.md"));
    assertThat(Files.readAllLines(README).size()).as("README.md's lines").isLessThanOrEqualTo(220);
  }

  @Test
  void theShippedScenariosTableDescribesEveryScenarioInScenarios() throws IOException {
    List<String> lines = docs().lines().toList();
    int start = lines.indexOf("Shipped scenarios:");
    assertThat(start).as("the docs' 'Shipped scenarios:' table").isPositive();
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
    String docs = docs();
    List<String> variables = makefileVariables();
    assertThat(variables).contains("SCENARIO", "PG", "REPRODUCE", "OVERHEAD_PGBENCH", "SCALES");
    // written as make takes it (NAME=) or named as itself (`NAME`)
    assertThat(variables)
        .allSatisfy(
            v ->
                assertThat(docs)
                    .as("the docs say nothing of the Makefile's " + v)
                    .containsAnyOf(v + "=", "`" + v + "`"));
  }

  @Test
  void everyCommandIsListedWhereTheDocsListThem() throws IOException {
    String docs = docs();
    assertThat(commands()).contains("bench", "dump", "schema");
    Matcher help = Pattern.compile("lists\\s+its\\s+commands\\s+\\(([^)]*)\\)").matcher(docs);
    assertThat(help.find()).as("the docs: '--help lists its commands (...)'").isTrue();
    assertThat(words(help.group(1), "`([a-z]+)`")).isEqualTo(commands());
    Matcher layout =
        Pattern.compile("(?m)^  cli/ +command line \\(picocli\\): (.*(?:\n {13}\\S.*)*)")
            .matcher(docs);
    assertThat(layout.find()).as("the docs' layout: 'cli/ command line (picocli): ...'").isTrue();
    assertThat(words(layout.group(1), "([a-z]+)")).isEqualTo(commands());
  }

  @Test
  void everySourceFileTheDocsNameExists() throws IOException {
    Matcher named = Pattern.compile("`([a-z]+/[A-Z][A-Za-z]*\\.java)`").matcher(docs());
    List<String> missing = new ArrayList<>();
    int found = 0;
    while (named.find()) {
      found++;
      if (!Files.exists(Path.of("src/main/java/org/pgloadbench", named.group(1)))) {
        missing.add(named.group(1));
      }
    }
    assertThat(found).isPositive();
    assertThat(missing).as("files the docs name under src/main/java/org/pgloadbench").isEmpty();
  }

  @Test
  void everyMakeCommandTheDocsShowUsesATargetVariablesAndScenariosThatExist() throws IOException {
    Set<String> targets = makefileTargets();
    List<String> variables = makefileVariables();
    Set<String> scenarios = new TreeSet<>(ScenarioFiles.available(Path.of("scenarios")));
    List<String> wrong = new ArrayList<>();
    int commands = 0;
    for (Map.Entry<Path, String> page : pages().entrySet()) {
      for (String command : makeCommands(page.getValue())) {
        commands++;
        Matcher target = Pattern.compile("^make (?:-s )?([a-z][a-z-]*)").matcher(command);
        if (target.find() && !targets.contains(target.group(1))) {
          wrong.add(page.getKey() + ": no Makefile target " + target.group(1) + " in: " + command);
        }
        Matcher variable = Pattern.compile("(?<![A-Za-z0-9_])([A-Z][A-Z0-9_]*)=").matcher(command);
        while (variable.find()) {
          if (!variables.contains(variable.group(1))) {
            wrong.add(
                page.getKey() + ": no Makefile variable " + variable.group(1) + " in: " + command);
          }
        }
        Matcher scenario =
            Pattern.compile("\\b(?:SCENARIO|REPRODUCE)=([a-z][a-z0-9_-]*(?:,[a-z][a-z0-9_-]*)*)")
                .matcher(command);
        while (scenario.find()) {
          for (String name : scenario.group(1).split(",")) {
            if (!scenarios.contains(name) && name.length() > 1) { // a,b: any two
              wrong.add(page.getKey() + ": no shipped scenario " + name + " in: " + command);
            }
          }
        }
      }
    }
    assertThat(commands).as("make commands shown in the docs").isGreaterThan(20);
    assertThat(wrong).isEmpty();
  }

  @Test
  void everyRelativeLinkResolvesToAFileAndItsHeading() throws IOException {
    List<String> broken = new ArrayList<>();
    int links = 0;
    for (Map.Entry<Path, String> page : pages().entrySet()) {
      Matcher link = Pattern.compile("\\]\\(([^)\\s]+)\\)").matcher(outsideCode(page.getValue()));
      while (link.find()) {
        String href = link.group(1);
        if (href.matches("^[a-z]+:.*")) {
          continue; // http, https, mailto: not ours to check offline
        }
        links++;
        int hash = href.indexOf('#');
        String file = hash < 0 ? href : href.substring(0, hash);
        Path target =
            file.isEmpty() ? page.getKey() : page.getKey().resolveSibling(file).normalize();
        if (!Files.exists(target)) {
          broken.add(page.getKey() + ": " + href + " (no file " + target + ")");
        } else if (hash >= 0 && !anchors(target).contains(href.substring(hash + 1))) {
          broken.add(page.getKey() + ": " + href + " (no such heading in " + target + ")");
        }
      }
    }
    assertThat(links).as("relative links in the docs").isGreaterThan(10);
    assertThat(broken).isEmpty();
  }

  /** The commands the docs show: in code blocks, one a line; in prose, one a code span. */
  static List<String> makeCommands(String page) {
    List<String> commands = new ArrayList<>();
    boolean fenced = false;
    for (String line : page.split("\n")) {
      if (line.startsWith("```")) {
        fenced = !fenced;
        continue;
      }
      List<String> candidates = new ArrayList<>();
      if (fenced) {
        candidates.add(line.strip());
      } else {
        Matcher span = Pattern.compile("`([^`]+)`").matcher(line);
        while (span.find()) {
          candidates.add(span.group(1));
        }
      }
      for (String candidate : candidates) {
        int at = candidate.indexOf("make ");
        if (at >= 0 && (at == 0 || !Character.isLetter(candidate.charAt(at - 1)))) {
          commands.add(candidate.substring(at).replaceAll("\\s+#.*$", ""));
        }
      }
    }
    return commands;
  }

  /** A page's text with its fenced code blocks blanked out: links there are examples. */
  static String outsideCode(String page) {
    StringBuilder out = new StringBuilder();
    boolean fenced = false;
    for (String line : page.split("\n")) {
      if (line.startsWith("```")) {
        fenced = !fenced;
      } else if (!fenced) {
        out.append(line);
      }
      out.append('\n');
    }
    return out.toString();
  }

  /** The anchors GitHub gives a Markdown file's headings (lower case, punctuation dropped). */
  static Set<String> anchors(Path file) {
    Set<String> anchors = new TreeSet<>();
    if (!file.toString().endsWith(".md")) {
      return anchors;
    }
    try {
      for (String line : outsideCode(Files.readString(file)).split("\n")) {
        if (line.matches("^#{1,6} .*")) {
          anchors.add(
              line.replaceFirst("^#+ ", "")
                  .strip()
                  .toLowerCase(Locale.ROOT)
                  .replaceAll("[^\\p{L}\\p{N} _-]", "")
                  .replace(' ', '-'));
        }
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return anchors;
  }

  static TreeSet<String> words(String text, String word) {
    TreeSet<String> words = new TreeSet<>();
    Matcher m = Pattern.compile(word).matcher(text);
    while (m.find()) {
      words.add(m.group(1));
    }
    return words;
  }
}
