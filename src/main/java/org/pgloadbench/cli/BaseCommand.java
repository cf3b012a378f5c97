package org.pgloadbench.cli;

import java.io.PrintWriter;
import java.util.concurrent.Callable;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/** A command: its output, its error output and its one-line refusal of a bad command line. */
abstract class BaseCommand implements Callable<Integer> {
  @Spec CommandSpec spec;

  final PrintWriter out() {
    return spec.commandLine().getOut();
  }

  final PrintWriter err() {
    return spec.commandLine().getErr();
  }

  /** A refusal of the command line, which {@link Main} prints in one line with exit 2. */
  final ParameterException usage(String message) {
    return new ParameterException(spec.commandLine(), message);
  }
}
