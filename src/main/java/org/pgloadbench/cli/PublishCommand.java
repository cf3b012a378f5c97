package org.pgloadbench.cli;

import java.nio.file.Path;
import org.pgloadbench.publish.ResultsDatabase;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

@Command(
    name = "publish",
    description = {
      "Send a stored run to a results database, whole or not at all; a run published already is"
          + " left as it is."
    })
final class PublishCommand extends BaseCommand {

  @Parameters(index = "0", paramLabel = "RUN", description = "results/<scenario>/<run-id>")
  Path run;

  @Option(
      names = "--results-db",
      paramLabel = "URL",
      required = true,
      description =
          "postgresql://user[:password]@host[:port]/db (else the password from PGPASSWORD,"
              + " PGPASSFILE or ~/.pgpass)")
  String url;

  @Override
  public Integer call() throws Exception {
    ResultsDatabase database = ResultsDatabase.at(url);
    ResultsDatabase.Published published = database.publish(run);
    out()
        .println(
            (published.added() ? "published: " : "published already: ")
                + published.runKey()
                + " ("
                + published.steps()
                + " steps) to "
                + database);
    return ExitCode.OK;
  }
}
