package org.pgloadbench.dataset;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;

class JsonBuilderTest {
  private static final ObjectMapper MAPPER = new ObjectMapper();

  @Test
  void placesCommasInNestedValues() {
    JsonBuilder json = new JsonBuilder();
    json.beginArray();
    json.beginObject().field("type", "W").name("ref").value(12).field("role", "").endObject();
    json.beginObject().field("type", "N").name("ref").value(-3).endObject();
    json.beginArray().endArray();
    json.endArray();

    assertThat(json.text().toString())
        .isEqualTo("[{\"type\":\"W\",\"ref\":12,\"role\":\"\"},{\"type\":\"N\",\"ref\":-3},[]]");
  }

  @Test
  void escapesWhatJsonRequires() throws Exception {
    String nasty = "quote \" backslash \\ newline \n tab \t nul \u0000 bell \u0007 Straße 東京";
    JsonBuilder json = new JsonBuilder();
    json.beginObject().field(nasty, nasty).name("named").value(nasty + " 42").endObject();

    JsonNode parsed = MAPPER.readTree(json.text().toString());
    assertThat(parsed.get(nasty).asText()).isEqualTo(nasty);
    assertThat(parsed.get("named").asText()).isEqualTo(nasty + " 42");
  }

  @Test
  void clearStartsAFreshValueInTheSameBuffer() {
    JsonBuilder json = new JsonBuilder();
    json.beginObject().name("a").value(1).endObject();
    CharSequence buffer = json.text();

    json.clear().beginObject().field("b", "x").endObject();

    assertThat(json.text().toString()).isEqualTo("{\"b\":\"x\"}");
    assertThat(json.text()).isSameAs(buffer);
  }
}
