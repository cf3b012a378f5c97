package org.pgloadbench.run;

import java.util.List;
import org.pgloadbench.dataset.DatasetSpec;
import org.pgloadbench.scenario.Measure;
import org.pgloadbench.scenario.Scenario;
import org.pgloadbench.server.ServerException;
import org.pgloadbench.server.ServerTarget;
import org.pgloadbench.server.Valgrind;

/**
 * What the target cannot give a plan, refused in one line before anything starts: stated once, so
 * that {@code plan} refuses exactly what {@code bench} does. It starts no server and creates no
 * work dir ({@link ServerTarget#check}); a probe at most makes and removes a cgroup, or unpacks
 * the binaries to look for an extension. {@code bench} then prepares the target. A URL target is
 * connected to only to ask for an extension the dataset needs.
 */
public final class Preflight {
  private Preflight() {}

  /**
   * Refuses a target whose own checks fail (a work dir that is not the user's, no Docker engine or
   * image), then memory caps, disk limits, counted instructions, standbys and an extension the
   * dataset needs (PostGIS for geometries), each where the plan has it and the target cannot give
   * it; where only a started server can tell (a container's extensions), it is asked once it runs.
   */
  public static void check(Scenario scenario, Plan plan, ServerTarget target)
      throws ServerException {
    List<String> requested =
        plan.servers().stream().map(Plan.Server::requested).distinct().toList();
    target.check(requested);
    refuse("memory cap", plan.capped() ? target.whyNoMemoryCap() : null);
    refuse("disk limit", plan.throttled() ? target.whyNoDiskLimit() : null);
    refuse("instructions", scenario.measure() == Measure.INSTRUCTIONS ? Valgrind.whyNot() : null);
    refuse("standby", plan.standbys() ? target.whyNoStandby() : null);
    for (DatasetSpec.Extension extension : scenario.dataset().extensions()) {
      for (String server : requested) {
        String why = target.whyNoExtension(server, extension.name());
        refuse(
            extension.name(),
            why == null
                ? null
                : why
                    + ", which the "
                    + scenario.dataset().kind()
                    + " dataset needs; "
                    + extension.install());
      }
    }
  }

  private static void refuse(String what, String why) throws ServerException {
    if (why != null) {
      throw new ServerException(what + ": " + why);
    }
  }
}
