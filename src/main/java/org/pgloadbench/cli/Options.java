package org.pgloadbench.cli;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.pgloadbench.scenario.Overrides;
import org.pgloadbench.scenario.ScenarioException;

/**
 * The command line, parsed once into a record. The overrides stay text until {@link #overrides()}
 * reads them, with the make-variable names (PG, SCALE, REPEAT, WARMUP) in its error messages, since
 * that is how most users give them; blank means not given.
 */
record Options(
    String command,
    String target,
    String pg,
    String scale,
    String repeat,
    String warmup,
    Path scenarios,
    Path results,
    Path reports,
    Path workDir) {

  static final String USAGE =
      String.join(
          "\n",
          "usage: pgloadbench bench|plan <scenario> [options]",
          "       pgloadbench report <results/<scenario>/<run-id>> [--reports DIR]",
          "       pgloadbench reproduce <scenario>,<scenario>,... [options]: run each, then one"
              + " combined report of their claims",
          "  <scenario>        a name under scenarios/ (ways-binary-freeze) or a path to a YAML"
              + " file",
          "  --pg 15,17        PostgreSQL versions instead of the scenario's",
          "  --scale 0.1       multiply every row count",
          "  --repeat N        repetitions instead of the scenario's",
          "  --warmup N        unmeasured warm-up loads per server",
          "  --scenarios DIR   where scenario names are looked up (scenarios)",
          "  --results DIR     where results go (results)",
          "  --reports DIR     where reports go (reports)",
          "  --work-dir DIR    where the servers' data directories go (the system temp dir)");

  static Options parse(String... args) throws UsageException {
    List<String> positional = new ArrayList<>();
    String pg = null;
    String scale = null;
    String repeat = null;
    String warmup = null;
    Path scenarios = Path.of("scenarios");
    Path results = Path.of("results");
    Path reports = Path.of("reports");
    Path workDir = null;
    for (int i = 0; i < args.length; i++) {
      String arg = args[i];
      if (!arg.startsWith("--")) {
        positional.add(arg);
        continue;
      }
      if (i + 1 == args.length) {
        throw new UsageException(arg + " needs a value");
      }
      String value = args[++i];
      switch (arg) {
        case "--pg" -> pg = value;
        case "--scale" -> scale = value;
        case "--repeat" -> repeat = value;
        case "--warmup" -> warmup = value;
        case "--scenarios" -> scenarios = Path.of(value);
        case "--results" -> results = Path.of(value);
        case "--reports" -> reports = Path.of(value);
        case "--work-dir" -> workDir = Path.of(value);
        default -> throw new UsageException("unknown option " + arg);
      }
    }
    if (positional.size() != 2
        || !List.of("bench", "plan", "report", "reproduce").contains(positional.get(0))) {
      throw new UsageException(
          positional.isEmpty() ? null : "expected a command and one scenario or run directory");
    }
    return new Options(
        positional.get(0),
        positional.get(1),
        pg,
        scale,
        repeat,
        warmup,
        scenarios,
        results,
        reports,
        workDir);
  }

  Overrides overrides() throws ScenarioException {
    return Overrides.parse(pg, scale, repeat, warmup);
  }

  /** A command line that cannot be run; a null message asks for the usage text alone. */
  static final class UsageException extends Exception {
    UsageException(String message) {
      super(message);
    }
  }
}
