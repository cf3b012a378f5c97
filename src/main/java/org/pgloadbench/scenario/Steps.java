package org.pgloadbench.scenario;

import static org.pgloadbench.scenario.SchemaNodes.JSON;
import static org.pgloadbench.scenario.SchemaNodes.anyOf;
import static org.pgloadbench.scenario.SchemaNodes.consts;
import static org.pgloadbench.scenario.SchemaNodes.contains;
import static org.pgloadbench.scenario.SchemaNodes.given;
import static org.pgloadbench.scenario.SchemaNodes.list;
import static org.pgloadbench.scenario.SchemaNodes.notRequired;
import static org.pgloadbench.scenario.SchemaNodes.property;
import static org.pgloadbench.scenario.SchemaNodes.requiring;
import static org.pgloadbench.scenario.SchemaNodes.strings;
import static org.pgloadbench.scenario.SchemaNodes.when;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.Arrays;
import java.util.List;
import java.util.function.Predicate;
import java.util.function.Supplier;
import java.util.stream.Collectors;
import org.pgloadbench.recipe.StepKind;
import org.pgloadbench.variant.LoadVariant;

/** The {@code steps} of a scenario: what each does, how the loader reads them, their schema. */
final class Steps {
  private Steps() {}

  /** What a step a scenario lists does, as the schema says it. */
  private static String does(StepKind step) {
    return switch (step) {
      case CREATE ->
          "CREATE TABLE (UNLOGGED in an unlogged cell), with the primary key unless pk: later";
      case COPY ->
          "loads the rows with the cell's loader (COPY by default); the row count is checked";
      case PRIMARY_KEY -> "ALTER TABLE ... ADD PRIMARY KEY, in pk: later cells";
      case VACUUM -> "VACUUM of the table";
      case ANALYZE -> "ANALYZE of the table";
      case SET_LOGGED -> "ALTER TABLE ... SET LOGGED, in unlogged cells";
      case INDEXES -> "builds the secondary indexes after the load, each timed with its size";
      case CHECKPOINT -> "CHECKPOINT, so that every strategy pays for writing its pages";
      case DROP -> "DROP TABLE IF EXISTS, before create, as pgbench -i times it";
      case VACUUM_ANALYZE -> "VACUUM ANALYZE of the table, as pgbench -i runs it";
      case VACUUM_FREEZE ->
          "VACUUM (FREEZE) of the table: every page frozen now rather than by a later vacuum";
      case PREPARE, SERVER, IMPORT -> throw new IllegalArgumentException(step + " is not listed");
    };
  }

  /**
   * An axis whose other half is a step needs that step, stated once for the loader ({@link
   * Matrix#requireSteps}) and the schema: an UNLOGGED table is durable only after set_logged (and
   * comparing the two halves is the point), and indexes built after the load are built by the
   * indexes step.
   *
   * @param axis the axis a cell writes
   * @param needs whether a cell of this variant needs {@code step}
   * @param why what such a cell does, as the loader says it after {@code cell <label>}
   * @param schemaWhy the same, as the schema says it of the matrix
   * @param matrix the schema's test of a matrix that makes such a cell
   */
  record Needed(
      Axis<?> axis,
      Predicate<LoadVariant> needs,
      StepKind step,
      String why,
      String schemaWhy,
      Supplier<ObjectNode> matrix) {

    /** The loader's message of {@code cell} without the step. */
    String error(Cell cell) {
      return "cell " + cell.label() + " " + why + "; add " + step.yamlName() + " to steps";
    }

    /** If the matrix is as {@link #matrix} says, the steps must hold {@code step}. */
    ObjectNode schema() {
      ObjectNode steps = JSON.objectNode();
      steps.set("contains", JSON.objectNode().put("const", step.yamlName()));
      steps.put("errorMessage", schemaWhy + "; add " + step.yamlName() + " to steps");
      return when(
          given(ScenarioKeys.MATRIX.name(), matrix.get()),
          property(ScenarioKeys.STEPS.name(), steps));
    }
  }

  static final List<Needed> NEEDED =
      List.of(
          new Needed(
              Axis.UNLOGGED,
              LoadVariant::unlogged,
              StepKind.SET_LOGGED,
              "loads an UNLOGGED table, which only set_logged makes durable",
              "an unlogged cell needs the set_logged step, which alone makes its table durable",
              () -> requiring(Axis.UNLOGGED.name()).setAll(written(Axis.UNLOGGED, "true"))),
          indexesLater(
              Axis.INDEXES,
              () -> requiring(Axis.INDEXES.name()).setAll(written(Axis.INDEXES, "later"))),
          indexesLater(
              Axis.WAYS_INDEX,
              () ->
                  requiring(Axis.WAYS_INDEX.name())
                      .setAll(
                          anyOf(
                              notRequired(Axis.INDEXES.name()), written(Axis.INDEXES, "later")))));

  /** A cell of {@code axis} whose indexes are built after the load needs the indexes step. */
  private static Needed indexesLater(Axis<?> axis, Supplier<ObjectNode> matrix) {
    return new Needed(
        axis,
        v -> !v.indexesNow(),
        StepKind.INDEXES,
        "builds its indexes after the load, which only the indexes step does",
        "a cell building its indexes after the load needs the indexes step",
        matrix);
  }

  /** A matrix whose {@code axis} lists {@code value}. */
  private static ObjectNode written(Axis<?> axis, String value) {
    return property(axis.name(), contains(CellsSchema.value(axis, value)));
  }

  static String listed() {
    return String.join(", ", StepKind.names());
  }

  /** The steps listed, each once, starting with create, copy (after drop if listed). */
  static List<StepKind> read(YamlNode node) throws ScenarioException {
    String hint = ScenarioKeys.STEPS.hint();
    List<StepKind> steps =
        node.eachOnce(
            hint,
            "step",
            item -> {
              String name = item.asText(hint);
              return StepKind.find(name)
                  .orElseThrow(
                      () ->
                          item.error(
                              String.format(
                                  "unknown step '%s'%s; known steps: %s",
                                  name, YamlNode.didYouMean(name, StepKind.names()), listed())));
            });
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

  static ObjectNode schema() {
    ObjectNode node = list(stepName());
    node.put("minItems", 2);
    String each =
        Arrays.stream(StepKind.values())
            .filter(StepKind::listable)
            .map(step -> " " + step.yamlName() + ": " + does(step) + ".")
            .collect(Collectors.joining());
    node.put(
        "description",
        "The steps of each table's load, in order, starting with create, copy (after drop if"
            + " listed):"
            + each);
    ArrayNode starts = JSON.arrayNode();
    starts.add(JSON.objectNode().set("items", consts(List.of(StepKind.CREATE, StepKind.COPY))));
    starts.add(
        JSON.objectNode()
            .put("minItems", 3)
            .set("items", consts(List.of(StepKind.DROP, StepKind.CREATE, StepKind.COPY))));
    node.set("anyOf", starts);
    return node;
  }

  static ObjectNode stepName() {
    return JSON.objectNode().set("enum", strings(StepKind.names()));
  }
}
