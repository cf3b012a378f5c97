package org.pgloadbench.scenario;

import com.fasterxml.jackson.databind.node.ArrayNode;
import java.nio.file.Path;
import java.util.List;
import java.util.function.Supplier;
import java.util.stream.Stream;
import org.pgloadbench.dataset.DatasetSpec;
import org.pgloadbench.scenario.YamlNode.Mapping;

/**
 * One dataset kind as a scenario writes it ({@link DatasetKinds}): its name, what it loads, its
 * keys besides {@code kind}, how they make its {@link DatasetSpec}, and what the schema checks of
 * the keys together ({@code rules}, e.g. a row count for every table loaded); how DATA= on the
 * command line replaces its rows is its spec's own ({@link DatasetSpec#fromFile}).
 */
record DatasetKind(
    String name,
    String description,
    Keys keys,
    Read read,
    Supplier<ArrayNode> rules) {

  /** The spec a section of this kind makes, its keys already known to be this kind's. */
  interface Read {
    DatasetSpec from(Mapping m, Path scenarioFile, boolean trusted) throws ScenarioException;
  }

  /** Every key of the section, {@code kind} first. */
  List<String> keyNames() {
    return Stream.concat(Stream.of("kind"), keys.names().stream()).toList();
  }
}
