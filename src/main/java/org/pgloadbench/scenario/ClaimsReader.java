package org.pgloadbench.scenario;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.pgloadbench.recipe.StepKind;
import org.pgloadbench.scenario.Claim.Relation;
import org.pgloadbench.scenario.Claim.Side;
import org.pgloadbench.scenario.Keys.Key;
import org.pgloadbench.scenario.YamlNode.Mapping;
import org.pgloadbench.scenario.YamlNode.Sequence;

/**
 * The {@code claims} section: each claim checked against the scenario it sits in (its cells, steps,
 * tables and versions), so that a claim that could never be evaluated is refused at load.
 *
 * @param cells the cells' labels
 * @param acrossConditions a matrix cell's label without its condition axes, e.g. {@code
 *     pk-now+freeze}, to the cells of each condition with it, in the axes' order: {@code
 *     {(defaults, null): pk-now+freeze+defaults, ...}}
 */
record ClaimsReader(
    List<String> tables,
    List<String> steps,
    List<String> cells,
    List<String> versions,
    Map<String, Map<ClaimsReader.Condition, String>> acrossConditions) {
  private static final String HINT =
      "e.g. - {claim: binary is faster, source: osm2pgsql issue #2110, seed: [40 min, 57 min],"
          + " step: copy, less: {cell: binary}, than: {cell: text}}";

  /**
   * The axes a claim is checked under one value at a time when its cells leave them out: a
   * server's settings profile and its disk limit. The difference between profiles, or between
   * disks, is a finding, not noise to pool.
   */
  private static final List<String> CONDITIONS = List.of(Axis.SETTINGS.name(), Axis.DISK.name());

  /** A settings profile and a disk limit, as a cell's axes give them; null for one not given. */
  record Condition(String settings, String disk) {}

  /**
   * The matrix cells that differ only in their settings profile or disk limit, by their label
   * without them, or without one of them: a claim naming {@code text} compares the cells within
   * each profile and limit, one naming {@code text+osm2pgsql} within each limit of that profile
   * (as it did before the disk axis joined the conditions). Named cells keep the names they were
   * given.
   */
  private static Map<String, Map<Condition, String>> acrossConditions(
      List<Cell> cells, List<String> labels) {
    Map<String, Map<Condition, String>> across = new LinkedHashMap<>();
    List<List<String>> dropped =
        List.of(CONDITIONS, List.of(Axis.SETTINGS.name()), List.of(Axis.DISK.name()));
    for (Cell cell : cells) {
      Map<String, String> axes = cell.axes();
      if (!cell.label().equals(Cell.of(axes).label())) {
        continue;
      }
      for (List<String> conditions : dropped) {
        if (!conditions.stream().allMatch(axes::containsKey)) {
          continue;
        }
        Map<String, String> others = new LinkedHashMap<>(axes);
        conditions.forEach(others::remove);
        String label = Cell.of(others).label();
        if (!others.isEmpty() && !labels.contains(label)) {
          String settings =
              conditions.contains(Axis.SETTINGS.name()) ? axes.get(Axis.SETTINGS.name()) : null;
          String disk = conditions.contains(Axis.DISK.name()) ? axes.get(Axis.DISK.name()) : null;
          across
              .computeIfAbsent(label, l -> new LinkedHashMap<>())
              .put(new Condition(settings, disk), cell.label());
        }
      }
    }
    return across;
  }

  static List<Claim> read(
      Mapping root,
      List<String> tables,
      List<String> steps,
      List<Cell> cells,
      List<String> versions)
      throws ScenarioException {
    YamlNode node = root.optional("claims");
    if (node == null) {
      return List.of();
    }
    List<String> labels = cells.stream().map(Cell::label).toList();
    ClaimsReader reader =
        new ClaimsReader(tables, steps, labels, versions, acrossConditions(cells, labels));
    List<Claim> claims = new ArrayList<>();
    for (YamlNode item : node.asList("list the claims, " + HINT).items()) {
      Mapping m = item.asMapping(HINT);
      claims.addAll(reader.perCondition(reader.claim(m), m));
    }
    return claims;
  }

  /**
   * {@code claim} once per settings profile and disk limit when a side names its cell without them
   * ({@link #acrossConditions}), else as it is.
   */
  private List<Claim> perCondition(Claim claim, Mapping node) throws ScenarioException {
    Map<Condition, String> subjects = acrossConditions.get(claim.subject().cell());
    Map<Condition, String> references = acrossConditions.get(claim.reference().cell());
    if (subjects == null && references == null) {
      return List.of(claim);
    }
    Set<Condition> conditions = (subjects != null ? subjects : references).keySet();
    long disks = conditions.stream().map(Condition::disk).filter(d -> d != null).distinct().count();
    if (disks == 1) {
      throw node.error(
          "is checked over the disk axis, which gives its cells one disk limit: a sweep of disks"
              + " needs two or more; list more limits on the disk axis, or name the cells with"
              + " their disk, e.g. "
              + (subjects != null ? subjects : references).values().iterator().next());
    }
    List<Claim> claims = new ArrayList<>();
    for (Condition condition : conditions) {
      String subject = subjects == null ? claim.subject().cell() : subjects.get(condition);
      String reference = references == null ? claim.reference().cell() : references.get(condition);
      if (subject != null && reference != null) {
        claims.add(claim.on(condition.settings(), condition.disk(), subject, reference));
      }
    }
    if (claims.isEmpty()) {
      throw node.error(
          "its two cells are in no settings profile or disk limit together; name each cell with"
              + " its profile and limit, e.g. "
              + subjects.values().iterator().next());
    }
    return claims;
  }

  private Claim claim(Mapping m) throws ScenarioException {
    ClaimsSchema.KEYS.allowOnly(m);
    String claim = ClaimsSchema.CLAIM.in(m);
    String source = ClaimsSchema.SOURCE.in(m);
    PublishedFigures.Seed seed = ClaimsSchema.SEED.in(m, null);
    Double seedSpread = null;
    YamlNode runsNode = ClaimsSchema.RUNS.node(m);
    if (runsNode != null) {
      if (seed == null) {
        throw runsNode.error(
            "gives the source's runs without its figures; add seed: [<this side's average>,"
                + " <the other's>] beside it");
      }
      seedSpread = PublishedFigures.spread(runsNode, ClaimsSchema.SEED_RUNS, seed.dimension());
    }
    String measure = ClaimsSchema.MEASURE.in(m, "seconds");
    double factor = ClaimsSchema.FACTOR.in(m, 1.0);
    // a side's misspelt key is named as such, before a rule reads the side as if it were absent
    for (Mapping side : ClaimsSchema.sides(m).toList()) {
      ClaimsSchema.SIDE.allowOnly(side);
    }
    for (ClaimsSchema.Rule rule : ClaimsSchema.RULES) {
      ScenarioException broken = rule.broken().apply(m);
      if (broken != null) {
        throw broken;
      }
    }
    YamlNode less = ClaimsSchema.LESS.node(m);
    Side subject = side(less != null ? less : ClaimsSchema.MORE.node(m), m);
    Side reference = side(ClaimsSchema.THAN.in(m), m);
    return new Claim(
        claim,
        source,
        seed == null ? null : seed.text(),
        seed == null ? null : seed.ratio(),
        seedSpread,
        measure,
        less != null ? Relation.LESS : Relation.MORE,
        factor,
        subject,
        reference,
        ClaimsSchema.NEEDS.in(m, null),
        null,
        null,
        null);
  }

  /** A side; what it does not say (step, table, version) comes from the claim. */
  private Side side(YamlNode node, Mapping claim) throws ScenarioException {
    Mapping m = node.asMapping("write a side as {cell: <label>, step: copy, table: ways}");
    ClaimsSchema.SIDE.allowOnly(m);
    YamlNode cellNode = ClaimsSchema.CELL.in(m);
    String cell =
        acrossConditions.containsKey(cellNode.asText("name a cell"))
            ? cellNode.asText("name a cell")
            : oneOf(cellNode, cells, "cell");
    List<String> sideSteps = names(sideOrClaim(ClaimsSchema.STEP, m, claim), steps, "step");
    YamlNode tableNode = sideOrClaim(ClaimsSchema.TABLE, m, claim);
    List<String> sideTables = tableNode == null ? tables : names(tableNode, tables, "table");
    YamlNode versionNode = sideOrClaim(ClaimsSchema.VERSION, m, claim);
    String version = versionNode == null ? null : oneOf(versionNode, versions, "version");
    return new Side(cell, version, sideTables, sideSteps.stream().map(StepKind::named).toList());
  }

  /** A side's {@code key}, else the claim's. */
  private static YamlNode sideOrClaim(Key<YamlNode> key, Mapping side, Mapping claim) {
    return key.node(side) != null ? key.node(side) : key.node(claim);
  }

  /** One name or a list of names, each among {@code known}, each once. */
  private static List<String> names(YamlNode node, List<String> known, String noun)
      throws ScenarioException {
    if (!(node instanceof Sequence list)) {
      return List.of(oneOf(node, known, noun));
    }
    if (list.items().isEmpty()) {
      throw node.error("is empty; name at least one " + noun);
    }
    return node.eachOnce("name a " + noun, noun, item -> oneOf(item, known, noun));
  }

  static String oneOf(YamlNode node, List<String> known, String noun)
      throws ScenarioException {
    return node.as(
        "name a " + noun,
        v -> known.contains(v) ? v : null,
        v ->
            String.format(
                "unknown %s '%s'%s; the scenario's %ss: %s",
                noun, v, YamlNode.didYouMean(v, known), noun, String.join(", ", known)));
  }
}
