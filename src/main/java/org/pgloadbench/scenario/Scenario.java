package org.pgloadbench.scenario;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.pgloadbench.dataset.DatasetSpec;
import org.pgloadbench.recipe.StepKind;

/**
 * A validated scenario: what to load, on which servers, how often, and the matrix cells to compare.
 *
 * @param source the file it was loaded from, as given
 * @param settings PostgreSQL settings in the order written, values as text (booleans as on/off)
 * @param repeat measured loads per cell and server
 * @param warmup unmeasured loads per server before the measured ones
 * @param axes the names of the matrix axes, in order; empty without a matrix
 * @param cells the expanded matrix after exclude, the last axis varying fastest
 * @param steps the load steps, in order; starts with create, copy
 * @param origins where each field was written, for errors found after loading
 * @param claims published findings checked against this scenario's results
 * @param control whether a run comparing servers adds a control: a second instance of its base
 *     server, whose comparison with the base shows what the machine's drift alone makes
 * @param baseline the cell the scenario names as its baseline, or null for the default one
 * @param stopping whether rounds go on until the answer is sure ({@code repeat: auto}), and the
 *     precision and budget that end them
 * @param scales the row-count multipliers {@code make scaling} runs it at; empty for the default
 * @param reproduceVersions the versions {@code make reproduce} runs it on, some of {@code
 *     servers.versions}; empty for all of them
 * @param findings what earlier runs of this harness found, in words: shown in the report beside the
 *     claims, never checked as one (a claim tests a source, or an expectation stated before a run)
 * @param notes what the loader accepted though it is redundant, one line each ({@code file:line:
 *     field: ...; what to write instead}), for plan and bench to print
 * @param measure whether each step's instructions are counted too, the servers under valgrind
 * @param restarts how often the servers are started afresh ({@code restart:})
 */
public record Scenario(
    String name,
    String description,
    Path source,
    DatasetSpec dataset,
    ServersSpec servers,
    Map<String, String> settings,
    int repeat,
    int warmup,
    List<String> axes,
    List<Cell> cells,
    List<StepKind> steps,
    Origins origins,
    List<Claim> claims,
    boolean control,
    String baseline,
    Stopping stopping,
    List<Double> scales,
    List<String> reproduceVersions,
    List<String> findings,
    List<String> notes,
    Measure measure,
    Restarts restarts) {

  public Scenario {
    scales = List.copyOf(scales);
    reproduceVersions = List.copyOf(reproduceVersions);
    findings = List.copyOf(findings);
    notes = List.copyOf(notes);
    settings = Collections.unmodifiableMap(new LinkedHashMap<>(settings));
    axes = List.copyOf(axes);
    cells = List.copyOf(cells);
    steps = List.copyOf(steps);
    claims = List.copyOf(claims);
  }

  /** This scenario with the command line's overrides applied; null fields keep the scenario's. */
  public Scenario withOverrides(Overrides o) throws ScenarioException {
    o.validate();
    boolean byFlag = Boolean.TRUE.equals(o.instructions());
    Measure measured =
        o.instructions() == null ? measure : byFlag ? Measure.INSTRUCTIONS : Measure.TIME;
    ServersSpec on = ServersSpec.overridden(servers, o);
    String unfit = measured.unfit(on);
    if (unfit != null) {
      throw new ScenarioException(
          (byFlag ? "INSTRUCTIONS=1" : source + ": measure") + ": " + unfit);
    }
    List<Cell> given = o.cells(axes, cells, settings);
    String noDirectIo = DirectIo.unfit(given, on.versions());
    if (noDirectIo != null) {
      throw new ScenarioException(source + ": " + noDirectIo + " (PG= or DISK= made it so)");
    }
    // Instructions vary by a few in a million between loads: one round, no warm-up, unless asked.
    boolean counted = measured == Measure.INSTRUCTIONS;
    List<String> said = new ArrayList<>(notes);
    if (counted && o.repeat() == null && (repeat != 1 || stopping.auto())) {
      said.add(roundsGiveWay(byFlag));
    }
    int rounds = o.repeat() != null ? o.repeat() : counted ? 1 : repeat;
    int warmups = o.warmup() != null ? o.warmup() : counted ? 0 : warmup;
    Stopping stops = o.stopping(stopping);
    return new Scenario(
        name,
        description,
        source,
        o.dataset(dataset),
        on,
        settings,
        rounds,
        warmups,
        axes,
        given,
        steps,
        o.origins(origins),
        claims,
        control,
        baseline,
        counted && o.repeat() == null && !Boolean.TRUE.equals(o.auto()) ? Stopping.FIXED : stops,
        scales,
        reproduceVersions,
        findings,
        said,
        measured,
        restarts);
  }

  /**
   * The note that the scenario's {@code repeat:} (N rounds, or auto) gives way to the one round
   * of counted instructions, {@code byFlag} INSTRUCTIONS=1 rather than {@code measure:}.
   */
  private String roundsGiveWay(boolean byFlag) {
    String written = stopping.auto() ? "auto" : Integer.toString(repeat);
    String note =
        "%s gives way to one round: %s counts each step's instructions, the same from load to load"
            + " to a few in a million; REPEAT=%1$s runs %s anyway";
    return origins.at(
        "repeat",
        String.format(
            note,
            written,
            byFlag ? "INSTRUCTIONS=1" : "measure: instructions",
            stopping.auto() ? "rounds until the answer is sure" : written + " rounds"));
  }

  public Scenario withRepeat(int rounds) {
    return with(rounds, cells, claims, control, baseline);
  }

  /** This scenario restricted to some of its cells (claims about the others are left out). */
  public Scenario withCells(List<Cell> kept) {
    return with(
        repeat,
        kept,
        List.of(),
        control,
        kept.stream().anyMatch(c -> c.label().equals(baseline)) ? baseline : null);
  }

  public Scenario withControl(boolean kept) {
    return with(repeat, cells, claims, control && kept, baseline);
  }

  /** The one copy the withers share: what a run may change, the scenario's text kept. */
  private Scenario with(
      int rounds, List<Cell> kept, List<Claim> checked, boolean controlled, String base) {
    return new Scenario(
        name,
        description,
        source,
        dataset,
        servers,
        settings,
        rounds,
        warmup,
        axes,
        kept,
        steps,
        origins,
        checked,
        controlled,
        base,
        stopping,
        scales,
        reproduceVersions,
        findings,
        notes,
        measure,
        restarts);
  }
}
