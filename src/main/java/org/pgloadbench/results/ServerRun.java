package org.pgloadbench.results;

import com.fasterxml.jackson.annotation.JsonAnyGetter;
import com.fasterxml.jackson.annotation.JsonAnySetter;
import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * One server start as it ran (in run.json's {@code servers}): the version (or build label)
 * requested, the one it ran as, its settings profile and target.
 *
 * @param details what the target told of the server beside its version (its full {@code
 *     version()}, bin dir, image, host): written at the server's level in run.json
 * @param settings the settings in force that differ from PostgreSQL's defaults
 * @param missing what could not be measured on it, and why
 * @param stepsNotAllowed steps its role may not run (never stored, so resume knows)
 */
@JsonInclude(JsonInclude.Include.NON_EMPTY)
@RunJson
public record ServerRun(
    String requested,
    String version,
    String profile,
    String target,
    @JsonAnySetter @JsonAnyGetter Map<String, String> details,
    Map<String, String> settings,
    List<String> missing,
    List<String> stepsNotAllowed) {
  public ServerRun {
    details = details == null ? new LinkedHashMap<>() : details;
    settings = settings == null ? Map.of() : settings;
    missing = missing == null ? List.of() : List.copyOf(missing);
    stepsNotAllowed = stepsNotAllowed == null ? List.of() : List.copyOf(stepsNotAllowed);
  }

  /** One of {@link #details}, or empty. */
  public String detail(String name) {
    return details.getOrDefault(name, "");
  }

  /** This server with {@code what} (as {@code "what: why"}) among what was not measured. */
  public ServerRun withMissing(String what) {
    return with(plus(missing, what), stepsNotAllowed);
  }

  /** This server with {@code step} among the steps its role may not run. */
  public ServerRun withStepNotAllowed(String step) {
    return with(missing, plus(stepsNotAllowed, step));
  }

  private ServerRun with(List<String> missing, List<String> stepsNotAllowed) {
    return new ServerRun(
        requested, version, profile, target, details, settings, missing, stepsNotAllowed);
  }

  private static List<String> plus(List<String> list, String item) {
    List<String> longer = new ArrayList<>(list);
    longer.add(item);
    return longer;
  }
}
