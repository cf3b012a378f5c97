package org.pgloadbench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.pgloadbench.scenario.ScenarioSchema;

/** {@code pgloadbench schema} prints the schema editors read from scenarios/schema/. */
class SchemaCommandTest {
  @Test
  void printsTheCommittedSchema() throws Exception {
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    assertThat(Main.run(new PrintWriter(out), new PrintWriter(err), "schema")).isZero();
    assertThat(out.toString()).isEqualTo(Files.readString(Path.of(ScenarioSchema.FILE)));
    assertThat(err.toString()).isEmpty();
  }
}
