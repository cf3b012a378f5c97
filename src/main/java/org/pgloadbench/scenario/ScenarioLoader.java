package org.pgloadbench.scenario;

import java.io.IOException;
import java.nio.charset.CharacterCodingException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import org.pgloadbench.dataset.DatasetSpec;
import org.pgloadbench.recipe.StepKind;
import org.pgloadbench.scenario.YamlNode.Mapping;

/**
 * Reads {@code scenarios/<name>.yaml} into a {@link Scenario}. The YAML is read once into a tree of
 * {@link YamlNode}s that know their lines, then checked by hand, section by section ({@link
 * DatasetSections}, {@link ServersSection}, {@link SettingsSection}, {@link Matrix}, {@link
 * ClaimsReader}), so every mistake is reported as one line: {@code file:line: field: what is wrong;
 * what to do}. {@link ScenarioFiles} finds the file a name means.
 */
public final class ScenarioLoader {
  static final List<String> KEYS =
      List.of(
          "name",
          "description",
          "dataset",
          "servers",
          "settings",
          "repeat",
          "warmup",
          "matrix",
          "exclude",
          "cells",
          "steps",
          "claims",
          "control",
          "baseline",
          "precision",
          "budget",
          "scales");

  static final Pattern NAME = Pattern.compile("[a-z0-9][a-z0-9._-]*");

  private ScenarioLoader() {}

  /** Loads and validates one scenario file; error messages name {@code file} as given. */
  public static Scenario load(Path file) throws ScenarioException {
    return load(file, false);
  }

  /**
   * As {@link #load(Path)}; {@code trusted} (the command line's {@value
   * AllowedSettings#TRUST_FLAG}) lets the file choose what only the user chooses otherwise: the
   * programs, image or server the benchmark runs on, and settings outside {@link AllowedSettings}.
   */
  public static Scenario load(Path file, boolean trusted) throws ScenarioException {
    String text;
    try {
      text = Files.readString(file);
    } catch (NoSuchFileException e) {
      throw new ScenarioException(file + ": no such file");
    } catch (CharacterCodingException e) {
      throw new ScenarioException(file + ": not UTF-8 text");
    } catch (IOException e) {
      throw new ScenarioException(file + ": cannot read: " + e.getMessage());
    }
    Mapping root =
        YamlNode.parse(file.toString(), text)
            .asMapping("a scenario is a mapping with keys " + String.join(", ", KEYS));
    root.allowOnly(KEYS, "keys");

    YamlNode nameNode = root.required("name", "name the scenario, e.g. name: ways-binary-freeze");
    String name = nameNode.asText("e.g. name: ways-binary-freeze");
    if (!NAME.matcher(name).matches()) {
      throw nameNode.error(
          "'"
              + name
              + "' is not a valid name; use lower-case letters, digits, '.', '_' and '-',"
              + " starting with a letter or digit");
    }
    YamlNode describe = root.optional("description");
    String description = describe == null ? "" : describe.asText("write it as text").strip();
    DatasetSpec dataset =
        DatasetSections.dataset(
            root.required("dataset", "say what to load, e.g. dataset: {kind: osm-synthetic}"),
            file,
            trusted);
    ServersSpec servers =
        ServersSection.servers(
            root.required("servers", "list the versions, e.g. servers: {versions: [17]}"), trusted);
    Map<String, String> settings = SettingsSection.settings(root.optional("settings"), trusted);
    Map<String, String> base = new LinkedHashMap<>(SettingsSection.profile(root));
    base.putAll(ServersSection.perServer(root));
    YamlNode repeatNode = root.optional("repeat");
    boolean auto = repeatNode instanceof YamlNode.Scalar r && "auto".equals(r.text());
    if (repeatNode instanceof YamlNode.Scalar r
        && r.text() != null
        && !auto
        && r.text().matches(".*[A-Za-z].*")) {
      throw repeatNode.error(
          "expected a whole number >= 1, or auto (rounds until the answer is sure), got '"
              + r.text()
              + "'");
    }
    int repeat = auto ? 1 : count(root, "repeat", 1, 1);
    int warmup = count(root, "warmup", 0, 1);
    Matrix matrix = Matrix.read(root, base);
    String unfit = MemoryCaps.unfit(matrix.cells(), settings);
    if (unfit != null) {
      boolean axis = matrix.axes().contains(Axis.MEMORY.name());
      throw Origins.of(root).error(axis ? "matrix.memory" : "servers.memory", unfit);
    }
    String noStandby = ServersSection.standbyUnfit(matrix.cells(), settings);
    if (noStandby != null) {
      boolean axis = matrix.axes().contains(Axis.STANDBY.name());
      throw Origins.of(root).error(axis ? "matrix.standby" : "servers.standby", noStandby);
    }
    List<StepKind> steps = steps(root);
    matrix.requireSteps(root, steps);
    List<Claim> claims =
        ClaimsReader.read(
            root,
            dataset.tables(),
            steps.stream().map(StepKind::yamlName).toList(),
            matrix.cells(),
            servers.versions());
    String baseline = baseline(root, matrix.cells());
    Stopping stopping = stopping(root, auto);
    List<Double> scales = scales(root);
    return new Scenario(
        name,
        description,
        file,
        dataset,
        servers,
        settings,
        repeat,
        warmup,
        matrix.axes(),
        matrix.cells(),
        steps,
        Origins.of(root),
        claims,
        root.optional("control") == null
            || root.optional("control").asBoolean("write control: true or control: false"),
        baseline,
        stopping,
        scales,
        matrix.notes());
  }

  /** {@code baseline:}, a cell of the scenario; null when not given. */
  private static String baseline(Mapping root, List<Cell> cells) throws ScenarioException {
    YamlNode node = root.optional("baseline");
    if (node == null) {
      return null;
    }
    List<String> labels = cells.stream().map(Cell::label).toList();
    String hint = "name one of the cells: " + String.join(", ", labels);
    String cell = node.asText(hint);
    if (!labels.contains(cell)) {
      throw node.error(
          "'"
              + cell
              + "' is not a cell of this scenario"
              + YamlNode.didYouMean(cell, labels)
              + "; "
              + hint);
    }
    return cell;
  }

  /** {@code precision:} and {@code budget:}, with {@code repeat: auto}. */
  private static Stopping stopping(Mapping root, boolean auto) throws ScenarioException {
    double precision = Stopping.DEFAULT_PRECISION;
    long budget = Stopping.DEFAULT_BUDGET_SECONDS;
    YamlNode p = root.optional("precision");
    if (p != null) {
      Double value = Stopping.fraction(p.asText("e.g. precision: 5%"));
      if (value == null) {
        throw p.error(
            "expected a percentage above 0 and at most 50%, e.g. precision: 5% (or 0.05)");
      }
      precision = value;
    }
    YamlNode b = root.optional("budget");
    if (b != null) {
      Long value = Stopping.duration(b.asText("e.g. budget: 10m"));
      if (value == null) {
        throw b.error("expected a time per server, e.g. budget: 10m (or 90s, 1h)");
      }
      budget = value;
    }
    return new Stopping(auto, precision, budget);
  }

  /** {@code scales:}, row-count multipliers above 0, each once. */
  private static List<Double> scales(Mapping root) throws ScenarioException {
    YamlNode node = root.optional("scales");
    if (node == null) {
      return List.of();
    }
    String hint = "list row-count multipliers, e.g. scales: [0.25, 1, 4]";
    List<Double> scales = new ArrayList<>();
    for (YamlNode item : node.asList(hint).items()) {
      double value;
      try {
        value = Double.parseDouble(item.asText(hint));
      } catch (NumberFormatException e) {
        throw item.error("expected a number above 0; " + hint);
      }
      if (!(value > 0) || Double.isInfinite(value)) {
        throw item.error("expected a number above 0; " + hint);
      }
      if (scales.contains(value)) {
        throw item.error("'" + item.asText(hint) + "' is listed twice; list each scale once");
      }
      scales.add(value);
    }
    if (scales.size() < 2) {
      throw node.error("a scale series needs at least two scales; " + hint);
    }
    return scales;
  }

  private static List<StepKind> steps(Mapping root) throws ScenarioException {
    String known = String.join(", ", StepKind.names());
    String hint = "list the load steps, e.g. [" + known + "]";
    YamlNode node = root.required("steps", hint);
    List<StepKind> steps = new ArrayList<>();
    for (YamlNode item : node.asList(hint).items()) {
      String name = item.asText(hint);
      StepKind step =
          StepKind.find(name)
              .orElseThrow(
                  () ->
                      item.error(
                          "unknown step '"
                              + name
                              + "'"
                              + YamlNode.didYouMean(name, StepKind.names())
                              + "; known steps: "
                              + known));
      if (steps.contains(step)) {
        throw item.error("'" + step + "' is listed twice; list each step once");
      }
      steps.add(step);
    }
    // drop (a no-op on the fresh database, timed as pgbench -i times it) may come first
    int first = steps.isEmpty() || steps.get(0) != StepKind.DROP ? 0 : 1;
    if (steps.size() < first + 2
        || !steps.subList(first, first + 2).equals(List.of(StepKind.CREATE, StepKind.COPY))) {
      throw node.error(
          "must start with create, copy (the table is created, then loaded), after drop if"
              + " listed; got "
              + steps);
    }
    return steps;
  }

  /** An optional whole number >= {@code min} that fits an int; {@code absent} when not given. */
  private static int count(Mapping m, String key, int min, int absent) throws ScenarioException {
    YamlNode node = m.optional(key);
    if (node == null) {
      return absent;
    }
    long value = node.asWhole(min);
    if (value > Integer.MAX_VALUE) {
      throw node.error("'" + value + "' is too large");
    }
    return (int) value;
  }
}
