package org.pgloadbench.run;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.pgloadbench.results.Machines;
import org.pgloadbench.results.RunManifest;
import org.pgloadbench.scenario.Scenario;
import org.pgloadbench.scenario.ScenarioException;

/**
 * One of {@code count} contiguous parts of a plan's server starts, run on a machine of its own
 * ({@code SHARD=index/count}), and the group all the parts of one plan share. Every shard works out
 * the same parts and the same group from the same command line, so the machines need not talk to
 * each other.
 *
 * @param index which part, from 1
 * @param group the id the shards of one plan carry: {@code GROUP=} as given (a scheduler's id of
 *     the whole job), else a hash of the plan ({@link #group})
 */
public record Shard(int index, int count, String group) {
  private static final Pattern TEXT = Pattern.compile("\\s*(\\d{1,4})\\s*/\\s*(\\d{1,4})\\s*");

  /** A group id names a directory of reports: a Kubernetes uid or a GitHub run id fits. */
  private static final Pattern GROUP = Pattern.compile("[A-Za-z0-9._-]{1,80}");

  private static final String HOW =
      "give SHARD=i/n with 1 <= i <= n, e.g. SHARD=2/4 for the second of four shards";

  /**
   * The shard {@code shardText} names of the plan of {@code scenario} compared with {@code base},
   * in the group {@code groupText} names or else the plan's own; null when neither is given.
   */
  public static Shard of(String shardText, String groupText, Scenario scenario, String base)
      throws ScenarioException {
    boolean grouped = groupText != null && !groupText.isBlank();
    if (shardText == null || shardText.isBlank()) {
      if (grouped) {
        throw new ScenarioException(
            "GROUP=" + groupText + ": names the shards of a plan; give SHARD=i/n with it");
      }
      return null;
    }
    Matcher m = TEXT.matcher(shardText);
    int index = m.matches() ? Integer.parseInt(m.group(1)) : 0;
    int count = m.matches() ? Integer.parseInt(m.group(2)) : 0;
    if (index < 1 || index > count) {
      throw new ScenarioException("SHARD=" + shardText + ": " + HOW);
    }
    long servers = Plan.of(scenario, base).servers().stream().filter(s -> !s.control()).count();
    if (count > servers) {
      throw new ScenarioException(
          "SHARD="
              + shardText.strip()
              + ": the plan has "
              + servers
              + " server start(s), so at most "
              + servers
              + " shards, each with one at least; give SHARD=i/"
              + servers
              + " or fewer");
    }
    return new Shard(index, count, grouped ? groupId(groupText) : group(scenario, base));
  }

  /** A group id as given ({@code GROUP=}), checked: it names a directory of reports. */
  public static String groupId(String text) throws ScenarioException {
    if (!GROUP.matcher(text.strip()).matches()) {
      throw new ScenarioException(
          "GROUP="
              + text
              + ": give up to 80 letters, digits, '.', '_' or '-', e.g. GROUP=$GITHUB_RUN_ID");
    }
    return text.strip();
  }

  /**
   * A plan's own group id, when no {@code GROUP=} names it: the first 12 hex digits of the SHA-256
   * of the scenario as run.json records it (every override applied; not the file's path, which may
   * differ from machine to machine) and of the base. Two runs of one plan then share it, which is
   * what {@code GROUP=} is for.
   */
  static String group(Scenario scenario, String base) {
    ObjectMapper json = new ObjectMapper();
    ObjectNode resolved = json.valueToTree(RunRecord.resolved(scenario));
    resolved.remove("source");
    return Machines.sha256(resolved + "\nbase=" + base).substring(0, 12);
  }

  /** The part of {@code servers} this shard runs: the index-th of count contiguous, even parts. */
  <T> List<T> part(List<T> servers) {
    int from = servers.size() * (index - 1) / count;
    int to = servers.size() * index / count;
    if (from == to) {
      throw new IllegalArgumentException(text() + " of " + servers.size() + " server starts");
    }
    return servers.subList(from, to);
  }

  /** As {@code SHARD=} takes it. */
  public String text() {
    return index + "/" + count;
  }

  /**
   * Refuses to resume a stored run as another shard, or a shard as the whole plan: its servers
   * would not be the stored ones.
   */
  static void resumes(RunManifest stored, Shard shard, Object runDir) throws ScenarioException {
    String then =
        stored.shard() == null
            ? "the whole plan"
            : "shard " + stored.shard() + "/" + stored.shards() + " of group " + stored.group();
    String now =
        shard == null ? "the whole plan" : "shard " + shard.text() + " of group " + shard.group;
    if (!then.equals(now)) {
      throw new ScenarioException(
          ("RESUME=%s: the stored run is %s, this one %s; resume it with the SHARD= and GROUP= it"
                  + " was started with")
              .formatted(runDir, then, now));
    }
  }
}
