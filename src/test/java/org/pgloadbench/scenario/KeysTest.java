package org.pgloadbench.scenario;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Every section's declared keys are the keys the schema describes and the keys the loader allows:
 * the schema's properties, in order, and its required keys, are the declaration's, and a key the
 * declaration lacks is refused by the loader naming the declared ones.
 */
class KeysTest {
  static final ObjectNode SCHEMA = ScenarioSchema.schema();

  @Test
  void theSchemaDescribesExactlyTheDeclaredKeysOfEachSection() {
    assertDescribes(SCHEMA, ScenarioKeys.KEYS);
    assertDescribes(SCHEMA.at("/properties/servers"), ServersSection.KEYS);
    JsonNode claim = SCHEMA.at("/properties/claims/items");
    assertDescribes(claim, ClaimsSchema.KEYS);
    for (String side : List.of("less", "more", "than")) {
      assertDescribes(claim.at("/properties/" + side), ClaimsSchema.SIDE);
    }
    JsonNode kinds = SCHEMA.at("/properties/dataset/allOf");
    assertThat(kinds).hasSize(DatasetKinds.ALL.size());
    for (int i = 0; i < kinds.size(); i++) {
      DatasetKind kind = DatasetKinds.ALL.get(i);
      JsonNode then = kinds.get(i).get("then");
      assertThat(names(then.get("properties"))).as(kind.name()).isEqualTo(kind.keyNames());
      assertThat(then.get("required").get(0).asText()).isEqualTo("kind");
    }
  }

  @Test
  void theLoaderRefusesAKeyNotDeclaredNamingTheDeclaredOnes() throws Exception {
    Path file =
        Files.writeString(
            Files.createTempDirectory("keys").resolve("s.yaml"),
            "name: s\ndataset: {kind: pgbench, scale: 1, seed: 2}\nservers: {versions: [17]}\n"
                + "steps: [create, copy]\n");
    assertThat(catchThrowableOfType(ScenarioException.class, () -> ScenarioLoader.load(file)))
        .hasMessageEndingWith(
            "unknown key 'seed' in dataset; known keys: "
                + String.join(", ", DatasetKinds.named("pgbench").keyNames()));
  }

  static void assertDescribes(JsonNode schema, Keys keys) {
    assertThat(names(schema.get("properties"))).isEqualTo(keys.names());
    List<String> required = new ArrayList<>();
    schema.path("required").forEach(n -> required.add(n.asText()));
    assertThat(required)
        .isEqualTo(keys.all().stream().filter(Keys.Key::required).map(Keys.Key::name).toList());
  }

  static List<String> names(JsonNode properties) {
    List<String> names = new ArrayList<>();
    properties.fieldNames().forEachRemaining(names::add);
    return names;
  }
}
