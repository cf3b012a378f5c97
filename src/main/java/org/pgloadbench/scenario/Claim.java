package org.pgloadbench.scenario;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;
import java.util.List;
import org.pgloadbench.recipe.StepKind;

/**
 * A published finding a scenario checks: one side ({@code subject}) is less (or more) than {@code
 * factor} times the other ({@code reference}), on one measure summed over the given tables and
 * steps. For example "binary COPY of ways takes less time than text": subject the binary cell's
 * copy of ways, reference the text cell's, relation {@code less}, factor 1.
 *
 * @param claim the finding in words
 * @param source where it was published, e.g. {@code osm2pgsql issue #2110}
 * @param seed the published figures as written (subject's, then reference's), or null
 * @param seedRatio the published subject / reference, or null
 * @param seedSpread the relative half-width of the published ratio's 95% interval, from the
 *     repetitions the source lists ({@code seed_runs}); null for a source that gives one run a side
 * @param measure one of {@link #MEASURES}
 * @param factor the claim is subject &lt; factor × reference ({@code less}), or subject &gt; factor
 *     × reference ({@code more})
 * @param needs what a run needs to give a verdict, said where a side was not measured (e.g. {@code
 *     PostGIS on both versions}), or null
 * @param settings the settings profile both sides were run under, when the scenario names the
 *     sides' cells without their settings axis (e.g. {@code pk-now+freeze} in a matrix of {@code
 *     settings: [defaults, osm2pgsql]}): the claim is then one claim per profile, each comparing the
 *     cells of that profile; null when the cells name their profile or there is no settings axis
 * @param disk likewise, the disk limit both sides were run under (as on the disk axis), when the
 *     scenario names the sides' cells without their disk axis: one claim per limit, a sweep of
 *     disks; null when the cells name their limit or there is no disk axis
 * @param calibration true for the claim a scenario calibrated its regime on ({@code
 *     calibrated_on:}): its disk was chosen so that this claim's size comes out as published, so
 *     its size tests nothing and no tally counts it; null for every other claim
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
@JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
public record Claim(
    String claim,
    String source,
    String seed,
    Double seedRatio,
    Double seedSpread,
    String measure,
    Relation relation,
    double factor,
    Side subject,
    Side reference,
    String needs,
    String settings,
    String disk,
    Boolean calibration) {

  /**
   * This claim checked within one settings profile and disk limit (null: not expanded over that
   * axis), its sides being the cells of both.
   */
  public Claim on(String profile, String diskLimit, String subjectCell, String referenceCell) {
    return with(
        subject.inCell(subjectCell),
        reference.inCell(referenceCell),
        profile,
        diskLimit,
        calibration);
  }

  /** This claim as the one its scenario calibrated its regime on. */
  public Claim calibrating() {
    return with(subject, reference, settings, disk, true);
  }

  /** The one copy the withers share: the claim's words and figures kept. */
  private Claim with(Side a, Side b, String profile, String diskLimit, Boolean calibrates) {
    return new Claim(
        claim, source, seed, seedRatio, seedSpread, measure, relation, factor, a, b, needs,
        profile, diskLimit, calibrates);
  }

  /** Whether it is the claim its scenario calibrated on, whose size no tally counts. */
  @JsonIgnore
  public boolean calibrates() {
    return Boolean.TRUE.equals(calibration);
  }

  /**
   * The uncertainty of a published ratio whose source gives one run a side (osm2pgsql #2110,
   * Teodor Sigaev and Jeff Davis's one index build in the GIN thread, the Crunchy Data post): ±10%
   * of the ratio. A single run says nothing of its own spread; 10% is about what two runs of one
   * bulk load differ by on a quiet machine, and what the sources' own rounding (whole minutes of a
   * 30-minute COPY) leaves.
   */
  public static final double SINGLE_RUN_TOLERANCE = 0.10;

  /**
   * The published ratio's uncertainty, relative: the spread of the runs the source lists, else
   * {@link #SINGLE_RUN_TOLERANCE}; NaN without a published ratio.
   */
  @JsonIgnore
  public double seedUncertainty() {
    if (seedRatio == null) {
      return Double.NaN;
    }
    return seedSpread != null ? seedSpread : SINGLE_RUN_TOLERANCE;
  }

  /**
   * What a claim can compare: a step's seconds, the WAL it wrote, the table's size after it, the
   * size of what it built (an index), the size of the table's indexes after it.
   */
  public static final List<String> MEASURES =
      List.of("seconds", "wal_bytes", "table_bytes", "object_bytes", "index_bytes");

  public enum Relation {
    @JsonProperty("less")
    LESS("<"),
    @JsonProperty("more")
    MORE(">");

    private final String symbol;

    Relation(String symbol) {
      this.symbol = symbol;
    }

    public String symbol() {
      return symbol;
    }
  }

  /**
   * One side of a claim: a cell, and the tables and steps whose measure is summed per repetition.
   *
   * @param version a PostgreSQL version as the scenario writes it, or null for every version run
   * @param tables dataset table names (nodes, ways, rels)
   */
  @JsonInclude(JsonInclude.Include.NON_NULL)
  public record Side(String cell, String version, List<String> tables, List<StepKind> steps) {
    public Side {
      tables = List.copyOf(tables);
      steps = List.copyOf(steps);
    }

    public Side inCell(String other) {
      return new Side(other, version, tables, steps);
    }
  }
}
