package org.pgloadbench.scenario;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import com.networknt.schema.Error;
import com.networknt.schema.Schema;
import com.networknt.schema.SchemaLocation;
import com.networknt.schema.SchemaRegistry;
import com.networknt.schema.SpecificationVersion;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;
import org.snakeyaml.engine.v2.api.Load;
import org.snakeyaml.engine.v2.api.LoadSettings;
import org.snakeyaml.engine.v2.schema.CoreSchema;

/**
 * The JSON Schema editors use ({@link ScenarioSchema}) against the loader: it is the file that is
 * committed, every shipped scenario passes it as the loader reads YAML (1.1) and as editors do
 * (1.2), and every bad-scenario file of the tests that it can judge fails it. The files it cannot
 * judge are listed with why, and must pass it: when the schema learns to judge one, take it off.
 */
class ScenarioSchemaTest {
  /** The modeline every shipped scenario starts with, relative to scenarios/. */
  static final String MODELINE = "# yaml-language-server: $schema=schema/scenario.schema.json";

  static final SchemaRegistry REGISTRY =
      SchemaRegistry.withDefaultDialect(SpecificationVersion.DRAFT_7);
  static final Schema SCHEMA = REGISTRY.getSchema(ScenarioSchema.schema());
  static final ObjectMapper YAML_1_1 = new ObjectMapper(new YAMLFactory());

  /** The bad files whose mistake the schema cannot see, by why. */
  static final Map<String, List<String>> CANNOT_JUDGE =
      Map.of(
          "not one YAML mapping an editor could check: a syntax error, a duplicate key, a second"
              + " document, an empty file",
          List.of(
              "Main-brokenYamlIsOneLineToo-1.yaml",
              "NamedCells-errorsNameTheLineOfTheCell-2.yaml",
              "ScenarioErrors-malformedDocuments-1.yaml",
              "ScenarioErrors-malformedDocuments-4.yaml",
              "ScenarioErrors-yamlSyntaxErrorsAreOneLineWithAColumn-1.yaml",
              "ScenarioErrors-yamlSyntaxErrorsAreOneLineWithAColumn-2.yaml",
              "ScenarioErrors-yamlSyntaxErrorsAreOneLineWithAColumn-3.yaml"),
          "a name that must agree with another part of the file: a claim's cell, step, table or"
              + " version, or a reproduce version; an exclude entry's axis and value, or the cells"
              + " it leaves; a named cell repeating another or a matrix cell",
          List.of(
              "ReproduceVersions-notOneOfTheScenarios-1.yaml",
              "ClaimsReader-everyMistakeIsOneLineAtItsLine-1.yaml",
              "ClaimsReader-everyMistakeIsOneLineAtItsLine-2.yaml",
              "ClaimsReader-everyMistakeIsOneLineAtItsLine-3.yaml",
              "ClaimsReader-everyMistakeIsOneLineAtItsLine-4.yaml",
              "NamedCells-errorsNameTheLineOfTheCell-3.yaml",
              "NamedCells-errorsNameTheLineOfTheCell-4.yaml",
              "ScenarioErrors-anEmptyMatrixAfterExcludeIsAnError-1.yaml",
              "ScenarioErrors-badExcludeEntries-1.yaml",
              "ScenarioErrors-badExcludeEntries-3.yaml",
              "ScenarioErrors-badExcludeEntries-5.yaml"),
          "a matrix combining values no cell can run (FREEZE with several connections or an"
              + " INSERT loader, binary with an INSERT loader): only the loader, expanding the"
              + " cells, knows whether an exclude entry drops it",
          List.of(
              "CollapsedAxes-trulyImpossibleCellsKeepTheirError-1.yaml",
              "CollapsedAxes-trulyImpossibleCellsKeepTheirError-2.yaml",
              "CollapsedAxes-trulyImpossibleCellsKeepTheirError-4.yaml",
              "DatasetSections-impossibleLoaderCellsAreRefused-1.yaml",
              "DatasetSections-impossibleLoaderCellsAreRefused-2.yaml",
              "DatasetSections-impossibleLoaderCellsAreRefused-5.yaml",
              "Main-anImpossibleCellIsRejectedBeforeAnythingStarts-1.yaml",
              "ScenarioErrors-impossibleCellPointsAtTheFreezeAxis-1.yaml",
              "ScenarioLoader-freezeWithSeveralConnectionsIsRejectedUnlessExcluded-1.yaml",
              "ScenarioLoader-theBriefsExampleNeedsASecondExcludeEntry-1.yaml"),
          "what only the loader's reading shows: a file that must exist, 16 and \"16\" being one"
              + " version, a disk limit giving one way twice",
          List.of(
              "ScenarioErrors-pbfFileMustExistRelativeToTheScenario-1.yaml",
              "ScenarioErrors-badServers-4.yaml",
              "DiskLimits-axisValuesAreLimits-1.yaml"),
          "what two sections decide together: a capped server's shared_buffers (set, or its"
              + " profile's, or the default) against the cap; a cap, a standby or a disk limit"
              + " given in servers and compared on its axis too; a standby against settings that leave it no WAL"
              + " or no commit waiting for it; direct I/O against the versions; the claim"
              + " calibrated_on names, and the disk it needs; a claim checked over a disk axis of"
              + " one limit",
          List.of(
              "DiskLimits-directIoNeedsSixteen-1.yaml",
              "DiskLimits-directIoNeedsSixteen-2.yaml",
              "DiskLimits-calibratedOnNamesAClaim-1.yaml",
              "DiskLimits-calibratedOnNeedsADiskLimit-1.yaml",
              "DiskLimits-aSweepNeedsTwoLimits-1.yaml",
              "MemoryCaps-sharedBuffersMustFitHalfTheCap-1.yaml",
              "MemoryCaps-sharedBuffersMustFitHalfTheCap-2.yaml",
              "MemoryCaps-oneCapOrAnAxisNotBoth-1.yaml",
              "Standby-oneStandbyOrAnAxisNotBoth-1.yaml",
              "DiskLimits-oneLimitOrAnAxisNotBoth-1.yaml",
              "Standby-needsWalToStream-1.yaml",
              "Standby-syncNeedsCommitsThatWait-1.yaml"));

  /** The schema's errors for a file, or empty when it is not one YAML mapping to check. */
  static Optional<List<Error>> judge(Path file) {
    JsonNode tree;
    try {
      tree = YAML_1_1.readTree(file.toFile());
    } catch (IOException e) {
      return Optional.empty();
    }
    return tree == null || tree.isMissingNode()
        ? Optional.empty()
        : Optional.of(SCHEMA.validate(tree));
  }

  /** A file as an editor's yaml-language-server reads it: YAML 1.2, on and off are text. */
  static JsonNode asYaml12(Path file) throws IOException {
    Object value =
        new Load(LoadSettings.builder().setSchema(new CoreSchema()).build())
            .loadFromString(Files.readString(file));
    return new ObjectMapper().valueToTree(value);
  }

  static List<Path> badFiles() throws IOException {
    List<Path> files = new ArrayList<>(BadScenariosTest.files());
    files.addAll(RefusedScenariosTest.refused());
    return files;
  }

  @Test
  void theCommittedSchemaIsTheGeneratedOne() throws IOException {
    assertThat(Files.readString(Path.of(ScenarioSchema.FILE)))
        .as("run: java -jar target/pgloadbench.jar schema > " + ScenarioSchema.FILE)
        .isEqualTo(ScenarioSchema.json());
  }

  @Test
  void theSchemaIsADraft7Schema() {
    Schema meta = REGISTRY.getSchema(SchemaLocation.of("http://json-schema.org/draft-07/schema#"));
    assertThat(meta.validate(ScenarioSchema.schema())).isEmpty();
  }

  @Test
  void everyShippedScenarioPassesAsTheLoaderAndAsAnEditorReadIt() throws Exception {
    List<String> names = ScenarioFiles.available(ShippedScenariosTest.SCENARIOS);
    assertThat(names).hasSizeGreaterThanOrEqualTo(10);
    for (String name : names) {
      Path file = ScenarioFiles.resolve(name, ShippedScenariosTest.SCENARIOS);
      assertThat(judge(file)).as(name).contains(List.of());
      assertThat(SCHEMA.validate(asYaml12(file))).as(name + " as YAML 1.2").isEmpty();
    }
  }

  @Test
  void everyShippedScenarioPointsEditorsAtTheSchema() throws Exception {
    for (String name : ScenarioFiles.available(ShippedScenariosTest.SCENARIOS)) {
      Path file = ScenarioFiles.resolve(name, ShippedScenariosTest.SCENARIOS);
      String first = Files.readAllLines(file).get(0);
      assertThat(first).as(name).isEqualTo(MODELINE);
      Path schema = file.resolveSibling(first.substring(first.indexOf('=') + 1)).normalize();
      assertThat(schema).isEqualTo(Path.of(ScenarioSchema.FILE));
    }
  }

  @Test
  void scenariosOfTheTestsThatLoadPassToo() throws Exception {
    List<String> good =
        List.of(
            ScenarioLoaderTest.FULL,
            ScenarioLoaderTest.MINIMAL,
            ScenarioErrorsTest.BASE,
            CollapsedAxesTest.HEAD + CollapsedAxesTest.LOADERS,
            NamedCellsTest.HEAD + "cells:\n  a: {format: binary}\n  b: {loader: insert}\n  c:\n",
            ScenarioErrorsTest.BASE + "settings: {profile: bulk-load, autovacuum: off}\n",
            ClaimsReaderTest.HEAD + ClaimsReaderTest.GOOD,
            "name: s\ndataset: "
                + DatasetSectionsTest.ARRAYS
                + "\nservers: {versions: [17]}\nmatrix:\n"
                + DatasetSectionsTest.LOADERS
                + "\nsteps: [create, copy]\n",
            "name: x\ndataset: {kind: points, rows: 10}\nservers: {target: local, builds: [head,"
                + " patch]}\nsteps: [drop, create, copy]\n");
    Path dir = Files.createTempDirectory("schema");
    for (String yaml : good) {
      Path file = Files.writeString(dir.resolve("good.yaml"), yaml);
      ScenarioLoader.load(file);
      assertThat(judge(file)).as(yaml).contains(List.of());
    }
  }

  @Test
  void everyBadFileTheSchemaCanJudgeFailsIt() throws IOException {
    List<String> listed = CANNOT_JUDGE.values().stream().flatMap(List::stream).toList();
    List<String> judged = new ArrayList<>();
    List<String> passed = new ArrayList<>();
    for (Path file : badFiles()) {
      String name = file.getFileName().toString();
      Optional<List<Error>> errors = judge(file);
      if (errors.isPresent() && errors.get().isEmpty()) {
        passed.add(name);
      } else if (errors.isPresent()) {
        judged.add(name);
      }
    }
    List<String> unreadable =
        badFiles().stream()
            .filter(f -> judge(f).isEmpty())
            .map(f -> f.getFileName().toString())
            .toList();
    System.out.printf(
        "schema: %d bad scenario files, %d judged and refused, %d it cannot judge%n",
        badFiles().size(), judged.size(), passed.size() + unreadable.size());
    List<String> cannot = new ArrayList<>(passed);
    cannot.addAll(unreadable);
    assertThat(new TreeSet<>(cannot)).isEqualTo(new TreeSet<>(listed));
  }

  @Test
  void everyAxisValueTheLoaderTakesPassesAndNoOtherOfAFixedList() {
    List<String> probes = new ArrayList<>();
    for (Axis<?> axis : Axis.ALL) {
      probes.addAll(axis.accepts().values());
      probes.add(axis.defaultValue());
    }
    for (int i = 0; i <= 1100; i++) {
      probes.add(String.valueOf(i));
    }
    probes.addAll(
        List.of("all", "default", "32kB", "64kB", "4MB", "1GB", "2GB", "3GB", "", "TEXT", "on "));
    for (Axis<?> axis : Axis.ALL) {
      ObjectNode schema = CellsSchema.axisValue(axis);
      schema.put("$schema", "http://json-schema.org/draft-07/schema#");
      Schema values = REGISTRY.getSchema(schema);
      for (String probe : probes) {
        boolean admitted =
            values.validate(JsonNodeFactory.instance.textNode(probe)).isEmpty()
                || (probe.equals("true") || probe.equals("false"))
                    && values
                        .validate(JsonNodeFactory.instance.booleanNode(Boolean.parseBoolean(probe)))
                        .isEmpty();
        boolean taken = axis.parse(probe).isPresent();
        if (taken) {
          assertThat(admitted).as(axis + " " + probe).isTrue();
        } else if (axis.accepts().pattern() == null) {
          assertThat(admitted).as(axis + " " + probe).isFalse();
        }
      }
    }
  }
}
