package org.pgloadbench.group;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;

/**
 * Where the shards of a group are read from: results directories ({@link ResultsDirs}) or, later,
 * the results database. A source hands each run over as a run directory (run.json, steps.jsonl),
 * the one form every report reads; a database source writes each of its runs out as one first.
 */
public interface GroupRuns {
  /** Every stored run whose run.json names group {@code id}, in no particular order. */
  List<Path> find(String id) throws IOException;

  /** Where it looked, as a message names it. */
  String where();
}
