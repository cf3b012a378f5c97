package org.pgloadbench.overhead;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * {@code psql -c "\copy ... from '<file>'"} of the very bytes the harness streams, one psql per
 * slice at once: PostgreSQL's own client as the yardstick of the harness's stream. The time
 * includes starting psql and its connection, as for anyone who runs it.
 */
final class PsqlCopy implements Contender {
  static final String NAME = "psql";
  private static final Pattern COPIED = Pattern.compile("(?m)^COPY (\\d+)$");

  private final Path psql = PgClient.program("psql");

  @Override
  public String name() {
    return NAME;
  }

  @Override
  public String missing() {
    return psql == null
        ? "psql is not installed (Debian: apt-get install postgresql-client)"
        : null;
  }

  @Override
  public long load(Match match) throws Exception {
    return match.eachFile((connection, file) -> copy(match, file));
  }

  private long copy(Match match, Path file) throws IOException, InterruptedException {
    List<String> command = new ArrayList<>(List.of(psql.toString(), "-X", "-v", "ON_ERROR_STOP=1"));
    command.addAll(match.client().connectionArgs());
    command.addAll(
        List.of(
            "-d",
            match.client().database(),
            "-c",
            "\\copy " + match.copyTarget() + " from " + Match.quoted(file) + " with "
                + match.copyOptions()));
    String output = match.client().run(command);
    Matcher copied = COPIED.matcher(output);
    if (!copied.find()) {
      throw new IOException("psql printed no row count: " + output.strip());
    }
    return Long.parseLong(copied.group(1));
  }
}
