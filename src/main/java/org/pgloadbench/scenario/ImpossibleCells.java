package org.pgloadbench.scenario;

import static org.pgloadbench.scenario.CellsSchema.value;
import static org.pgloadbench.scenario.SchemaNodes.JSON;
import static org.pgloadbench.scenario.SchemaNodes.anyOf;
import static org.pgloadbench.scenario.SchemaNodes.given;
import static org.pgloadbench.scenario.SchemaNodes.notRequired;
import static org.pgloadbench.scenario.SchemaNodes.property;
import static org.pgloadbench.scenario.SchemaNodes.when;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;
import java.util.function.Supplier;
import org.pgloadbench.scenario.YamlNode.Mapping;
import org.pgloadbench.variant.LoadVariant;
import org.pgloadbench.variant.LoaderKind;

/**
 * Cells that would fail on every run, refused when the scenario is read, each combination stated
 * once ({@link #RULES}) for the loader and the schema. The axes that merely do not apply to a
 * cell's loader collapse instead ({@link Matrix#notApplying}).
 */
final class ImpossibleCells {
  private ImpossibleCells() {}

  /**
   * A combination no cell can run: where {@code given} makes {@code when} true, {@code held} must
   * be {@code allowed}.
   *
   * @param whenSchema the schema's test of a cell for {@code when}
   * @param why why, as the loader says it, {@code %s} the cell's loader
   * @param fix what a named cell changes
   * @param schemaMessage the message of the schema's refusal
   */
  record Rule(
      Axis<?> given,
      Predicate<LoadVariant> when,
      Supplier<ObjectNode> whenSchema,
      Axis<?> held,
      String allowed,
      String why,
      String fix,
      String schemaMessage) {

    /** The axes an exclude entry names, in the order the message gives them. */
    List<String> fixAxes() {
      return List.of(given.name(), held.name());
    }

    /**
     * The axis to point at: the one beside the loader, which is chosen for its own sake; of two
     * table axes, the one that asks for the other.
     */
    Axis<?> axis() {
      return given == Axis.LOADER ? held : given;
    }

    /** Why {@code cell} cannot run, as the loader says it. */
    String why(Cell cell) {
      return String.format(why, cell.variant().loader().yamlName());
    }

    boolean breaks(LoadVariant v) {
      return when.test(v) && !v.part(held.name()).equals(held.parse(allowed).orElseThrow());
    }
  }

  private static final String FREEZE_JOINS =
      "COPY FREEZE needs the table created in the same transaction, which a second connection"
          + " cannot join";
  private static final String BATCH_SHARES =
      "batch_rewrite counts its rows in the table, which parallel connections share";
  private static final String ONE_CONNECTION = "use freeze: false or connections: 1";

  /**
   * COPY FREEZE only works in the transaction that created or truncated the table, and a second
   * connection has a transaction of its own. FREEZE and the binary format are COPY's; rewritten
   * batches report no row counts, so their rows are counted in the table, which a second
   * connection would share. In the order of the schema's rules.
   */
  static final List<Rule> RULES =
      List.of(
          new Rule(
              Axis.LOADER,
              v -> v.loader() != LoaderKind.COPY,
              ImpossibleCells::notCopy,
              Axis.FREEZE,
              "false",
              "FREEZE is an option of COPY, not of %s",
              "remove freeze",
              "FREEZE is an option of COPY; remove freeze"),
          new Rule(
              Axis.LOADER,
              v -> v.loader() != LoaderKind.COPY,
              ImpossibleCells::notCopy,
              Axis.FORMAT,
              Axis.FORMAT.defaultValue(),
              "the binary format is COPY's; %s binds parameters",
              "remove format",
              "the binary format is COPY's; remove format"),
          new Rule(
              Axis.FREEZE,
              LoadVariant::freeze,
              () ->
                  given(
                      Axis.FREEZE.name(),
                      JSON.objectNode().set("enum", value(Axis.FREEZE, "true"))),
              Axis.CONNECTIONS,
              "1",
              FREEZE_JOINS,
              ONE_CONNECTION,
              FREEZE_JOINS + "; " + ONE_CONNECTION),
          new Rule(
              Axis.LOADER,
              v -> v.loader() == LoaderKind.BATCH_REWRITE,
              () -> loaderIs(LoaderKind.BATCH_REWRITE),
              Axis.CONNECTIONS,
              "1",
              BATCH_SHARES,
              "remove connections",
              BATCH_SHARES));

  /**
   * The rule the cell breaks, null when it can run: of two, one between table axes before one of
   * the loader's, which is chosen for its own sake.
   */
  static Rule of(Cell cell) {
    return RULES.stream()
        .filter(r -> r.breaks(cell.variant()))
        // a stable sort, so that of two rules a cell breaks the one listed first speaks
        .sorted(Comparator.comparing(r -> r.given() == Axis.LOADER))
        .findFirst()
        .orElse(null);
  }

  /** Refuses a matrix cell that cannot run, at the line of the axis that makes it so. */
  static void check(Cell cell, Mapping root) throws ScenarioException {
    Rule problem = of(cell);
    if (problem == null) {
      return;
    }
    List<String> fix = new ArrayList<>();
    for (String name : problem.fixAxes()) {
      if (cell.axes().containsKey(name)) {
        fix.add(name + ": " + cell.axes().get(name));
      }
    }
    // Point at the axis; if a default made the cell impossible, at the other one in the matrix.
    int line = root.line();
    String axis = problem.axis().name();
    if (root.optional("matrix") instanceof Mapping matrix) {
      String other = problem.fixAxes().stream().filter(a -> !a.equals(axis)).findFirst().get();
      Map<String, Integer> lines = matrix.keyLines();
      line = lines.getOrDefault(axis, lines.getOrDefault(other, matrix.line()));
    }
    String exclude = fix.isEmpty() ? "" : "; add to exclude: {" + String.join(", ", fix) + "}";
    throw root.at(line, "cell " + cell.label() + " is impossible: " + problem.why(cell) + exclude);
  }

  /**
   * The rules as a named cell's schema: each {@code if} the cell is as {@code when} says, {@code
   * then} its held axis at the allowed value; rules of one condition in one.
   */
  static void addSchema(ArrayNode rules) {
    ObjectNode last = null;
    for (Rule rule : RULES) {
      ObjectNode when = rule.whenSchema().get();
      ObjectNode held =
          JSON.objectNode()
              .<ObjectNode>set("enum", value(rule.held(), rule.allowed()))
              .put("errorMessage", rule.schemaMessage());
      if (last != null && last.get("if").equals(when)) {
        ((ObjectNode) last.get("then").get("properties")).set(rule.held().name(), held);
      } else {
        last = when(when, property(rule.held().name(), held));
        rules.add(last);
      }
    }
  }

  static ObjectNode loaderIs(LoaderKind loader) {
    ObjectNode is = given(Axis.LOADER.name(), JSON.objectNode().put("const", loader.yamlName()));
    if (!loader.yamlName().equals(Axis.LOADER.defaultValue())) {
      return is;
    }
    return anyOf(is, notRequired(Axis.LOADER.name()));
  }

  private static ObjectNode notCopy() {
    ObjectNode copy = JSON.objectNode().put("const", LoaderKind.COPY.yamlName());
    return given(Axis.LOADER.name(), JSON.objectNode().set("not", copy));
  }
}
