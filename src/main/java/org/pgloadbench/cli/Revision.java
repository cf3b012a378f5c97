package org.pgloadbench.cli;

import org.pgloadbench.server.Environment;
import picocli.CommandLine.IVersionProvider;

/** {@code --version} of every command: the harness's git revision, as run.json records it. */
final class Revision implements IVersionProvider {
  @Override
  public String[] getVersion() {
    return new String[] {"pgloadbench " + Environment.harnessRevision()};
  }
}
