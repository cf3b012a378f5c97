package org.pgloadbench.overhead;

import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.Statement;
import java.util.List;
import java.util.Map;
import org.pgloadbench.recipe.Recipe;
import org.pgloadbench.recipe.Step;
import org.pgloadbench.recipe.StepKind;
import org.pgloadbench.recipe.TableLoad;
import org.pgloadbench.scenario.Axis;
import org.pgloadbench.variant.LoadVariant;
import org.postgresql.copy.CopyManager;
import org.postgresql.core.BaseConnection;

/** The contenders of each head-to-head. */
public final class Contenders {
  /** The harness's own load: the very {@code copy} step a scenario runs. */
  static final String HARNESS = "harness";

  /** The server reading the bytes itself, no client in the way. */
  static final String SERVER_FILE = "server-file";

  /** The harness's own driver and connections streaming the dumped file. */
  static final String JDBC_FILE = "jdbc-file";

  /** As large as the harness's flushes, so that both send messages of the same size. */
  private static final int CHUNK = 64 * 1024;

  /** Generating, encoding and streaming the rows over the match's connections. */
  static final Contender HARNESS_COPY = new Named(HARNESS, Contenders::harness);

  /**
   * {@code COPY ... FROM '<file>'}, one file per connection. The files must be readable by the
   * server's OS user.
   */
  static final Contender SERVER_FILE_COPY =
      new Named(
          SERVER_FILE,
          match -> match.eachFile((connection, file) -> serverFile(match, connection, file)));

  /**
   * Nothing generated or encoded: the harness's load without its client work. Against the harness
   * it shows what generating and encoding while sending costs; against the server reading the
   * file, what the wire costs (the protocol, the socket, the driver).
   */
  static final Contender STREAMED_FILE =
      new Named(
          JDBC_FILE,
          match -> match.eachFile((connection, file) -> streamed(match, connection, file)));

  private Contenders() {}

  /**
   * The harness's streamed COPY, psql's {@code \copy} of the same bytes, the server's own read, and
   * the harness's parts alone: its driver streaming the bytes, its generator and encoder.
   */
  public static List<Contender> copy() {
    return List.of(
        HARNESS_COPY, new PsqlCopy(), SERVER_FILE_COPY, STREAMED_FILE, new EncodeOnly());
  }

  /** A contender that is its name and its load. */
  private record Named(String name, Load load) implements Contender {
    @Override
    public long load(Match match) throws Exception {
      return load.load(match);
    }
  }

  private interface Load {
    long load(Match match) throws Exception;
  }

  private static long harness(Match match) throws Exception {
    LoadVariant variant =
        Axis.variant(
            Map.of(
                "format",
                match.format().sqlName(),
                "connections",
                Integer.toString(match.parts())));
    Step copy = Recipe.of(List.of(StepKind.COPY), variant, match.table()).get(0);
    return copy.run(new TableLoad(match.table(), match.rows(), variant, match.connections()));
  }

  private static long serverFile(Match match, Connection connection, Path file) throws Exception {
    try (Statement statement = connection.createStatement()) {
      return statement.executeUpdate(
          "COPY " + match.copyTarget() + " FROM " + Match.quoted(file) + " " + match.copyOptions());
    }
  }

  private static long streamed(Match match, Connection connection, Path file) throws Exception {
    CopyManager copy = new CopyManager(connection.unwrap(BaseConnection.class));
    try (InputStream in = Files.newInputStream(file)) {
      return copy.copyIn(
          "COPY " + match.copyTarget() + " FROM STDIN " + match.copyOptions(), in, CHUNK);
    }
  }
}
