package org.pgloadbench.scenario;

import java.io.IOException;
import java.nio.charset.CharacterCodingException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.pgloadbench.dataset.DatasetSpec;
import org.pgloadbench.recipe.StepKind;
import org.pgloadbench.scenario.YamlNode.Mapping;

/**
 * Reads {@code scenarios/<name>.yaml} into a {@link Scenario}. The YAML is read once into a tree of
 * {@link YamlNode}s that know their lines, then checked section by section ({@link
 * DatasetSections}, {@link ServersSection}, {@link SettingsSection}, {@link Matrix}, {@link
 * ClaimsReader}), each by the keys it declares and their readings ({@link ScenarioKeys} the
 * scenario's own), and by the rules between keys that the schema states from the same declarations
 * ({@link ImpossibleCells#RULES}, {@link Steps#NEEDED}, {@link Measure#unfit}), so every mistake is
 * reported as one line: {@code file:line: field: what is wrong; what to do}. {@link ScenarioFiles}
 * finds the file a name means.
 */
public final class ScenarioLoader {
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
        YamlReader.parse(file.toString(), text)
            .asMapping(
                "a scenario is a mapping with keys "
                    + String.join(", ", ScenarioKeys.KEYS.names()));
    ScenarioKeys.KEYS.allowOnly(root);

    String name = ScenarioKeys.SCENARIO_NAME.in(root);
    String description = ScenarioKeys.DESCRIPTION.in(root, "");
    DatasetSpec dataset = DatasetSections.dataset(ScenarioKeys.DATASET.in(root), file, trusted);
    ServersSpec servers = ServersSection.servers(ScenarioKeys.SERVERS.in(root), trusted);
    Map<String, String> settings =
        SettingsSection.settings(ScenarioKeys.SETTINGS.node(root), trusted);
    Map<String, String> base = new LinkedHashMap<>(SettingsSection.profile(root));
    base.putAll(ServersSection.perServer(root));
    int rounds = ScenarioKeys.REPEAT.in(root, 1);
    boolean auto = rounds == ScenarioKeys.AUTO_ROUNDS;
    int repeat = auto ? 1 : rounds;
    int warmup = ScenarioKeys.WARMUP.in(root, 1);
    Matrix matrix = Matrix.read(root, base);
    // a server no cell can run on, pointed at the axis or the servers' key that chose it
    Map<Axis<?>, String> unfit = new LinkedHashMap<>();
    unfit.put(Axis.MEMORY, MemoryCaps.unfit(matrix.cells(), settings));
    unfit.put(
        Axis.STANDBY,
        Cell.firstUnfit(
            matrix.cells(), c -> c.variant().standby().unfit(settings, c.variant().settings())));
    unfit.put(Axis.DISK, DirectIo.unfit(matrix.cells(), servers.versions()));
    for (var why : unfit.entrySet()) {
      if (why.getValue() != null) {
        String axis = why.getKey().name();
        String where = matrix.axes().contains(axis) ? "matrix." : "servers.";
        throw Origins.of(root).error(where + axis, why.getValue());
      }
    }
    List<StepKind> steps = ScenarioKeys.STEPS.in(root);
    matrix.requireSteps(root, steps);
    List<Claim> claims =
        ClaimsReader.read(
            root,
            dataset.tables(),
            steps.stream().map(StepKind::yamlName).toList(),
            matrix.cells(),
            servers.versions());
    claims = calibrated(root, claims, matrix.cells());
    String baseline = baseline(root, matrix.cells());
    Stopping stopping =
        new Stopping(
            auto,
            ScenarioKeys.PRECISION.in(root, Stopping.DEFAULT_PRECISION),
            ScenarioKeys.BUDGET.in(root, Stopping.DEFAULT_BUDGET_SECONDS));
    List<Double> scales = ScenarioKeys.SCALES.in(root, List.of());
    Measure measure = ScenarioKeys.MEASURE.in(root, Measure.TIME);
    String unfitMeasure = measure.unfit(servers);
    if (unfitMeasure != null) {
      throw ScenarioKeys.MEASURE.node(root).error(unfitMeasure);
    }
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
        ScenarioKeys.CONTROL.in(root, true),
        baseline,
        stopping,
        scales,
        reproduceVersions(root, servers),
        ScenarioKeys.FINDINGS.in(root, List.of()),
        matrix.notes(),
        measure,
        ScenarioKeys.RESTART.in(root, Restarts.AUTO));
  }

  /** {@code reproduce_versions:}, each one of the versions {@code servers.versions} lists, once. */
  private static List<String> reproduceVersions(Mapping root, ServersSpec servers)
      throws ScenarioException {
    YamlNode node = ScenarioKeys.REPRODUCE_VERSIONS.node(root);
    if (node == null) {
      return List.of();
    }
    String hint = ScenarioKeys.REPRODUCE_VERSIONS.hint();
    boolean versioned = TargetRule.VERSIONS.targets().contains(servers.target());
    List<String> versions =
        node.textsOnce(
            hint,
            "version",
            v -> versioned && servers.versions().contains(v),
            v ->
                String.format(
                    "'%s' is not one of servers.versions [%s]; %s",
                    v, String.join(", ", servers.versions()), hint));
    if (versions.isEmpty()) {
      throw node.error("is empty; " + hint + ", or remove it for all of them");
    }
    return versions;
  }

  /**
   * The claims with the one {@code calibrated_on:} names marked (each of its checks, one per
   * profile or disk); as they are when not given.
   */
  private static List<Claim> calibrated(Mapping root, List<Claim> claims, List<Cell> cells)
      throws ScenarioException {
    YamlNode node = ScenarioKeys.CALIBRATED_ON.node(root);
    if (node == null) {
      return claims;
    }
    List<String> words = claims.stream().map(Claim::claim).distinct().toList();
    String named = node.asText("give the words of one of the scenario's claims");
    if (!words.contains(named)) {
      throw node.error(
          "names no claim of this scenario"
              + YamlNode.didYouMean(named, words)
              + "; give the words of one claim as its claim: writes them"
              + (words.isEmpty() ? " (the scenario has no claims)" : ""));
    }
    if (cells.stream().allMatch(c -> c.variant().disk().isNone())) {
      throw node.error(
          "calibrates a disk limit, and no cell has one; give servers.disk the limit at which"
              + " the claim's ratio met the published one");
    }
    return claims.stream().map(c -> c.claim().equals(named) ? c.calibrating() : c).toList();
  }

  /** {@code baseline:}, a cell of the scenario; null when not given. */
  private static String baseline(Mapping root, List<Cell> cells) throws ScenarioException {
    YamlNode node = ScenarioKeys.BASELINE.node(root);
    if (node == null) {
      return null;
    }
    List<String> labels = cells.stream().map(Cell::label).toList();
    return node.among(
        labels, "a cell of this scenario", "name one of the cells: " + String.join(", ", labels));
  }
}
