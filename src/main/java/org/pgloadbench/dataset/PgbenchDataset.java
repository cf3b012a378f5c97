package org.pgloadbench.dataset;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import org.pgloadbench.copy.RowEncoder;

/**
 * pgbench's four tables with the rows {@code pgbench -i} writes client-side (pgbench.c,
 * initGenerateDataClientSide): per scale unit 1 branch, 10 tellers, 100,000 accounts; history
 * empty. Balances are 0; the filler is NULL in branches and tellers and an empty string (blank
 * padded by char(84)) in accounts. Column definitions are pgbench's for scales below 20,000 (int
 * account ids). pgbench also writes {@code WITH (fillfactor=100)}, the heap default, so it is left
 * out here: the tables are the same.
 *
 * <p>Tables come in the order pgbench generates them (branches, tellers, accounts), then history.
 */
public final class PgbenchDataset {
  public static final int ACCOUNTS_PER_BRANCH = 100_000;
  public static final int TELLERS_PER_BRANCH = 10;

  static final TableDef BRANCHES =
      new TableDef(
          "pgbench_branches",
          TableDef.columns("bid int not null", "bbalance int", "filler char(88)"),
          "bid");
  static final TableDef TELLERS =
      new TableDef(
          "pgbench_tellers",
          TableDef.columns("tid int not null", "bid int", "tbalance int", "filler char(84)"),
          "tid");
  static final TableDef ACCOUNTS =
      new TableDef(
          "pgbench_accounts",
          TableDef.columns("aid int not null", "bid int", "abalance int", "filler char(84)"),
          "aid");

  /** pgbench gives history no primary key. */
  static final TableDef HISTORY =
      new TableDef(
          "pgbench_history",
          TableDef.columns(
              "tid int", "bid int", "aid int", "delta int", "mtime timestamp", "filler char(22)"),
          null);

  private PgbenchDataset() {}

  /**
   * @param accounts rows of pgbench_accounts: 100,000 x the scale factor; branches are as many as
   *     needed to hold them at 100,000 accounts each, and 10 tellers per branch
   */
  public static Dataset of(long accounts) {
    if (accounts < 1 || accounts > Integer.MAX_VALUE) {
      throw new IllegalArgumentException("pgbench accounts must be in 1..2^31-1, got " + accounts);
    }
    long branches = (accounts + ACCOUNTS_PER_BRANCH - 1) / ACCOUNTS_PER_BRANCH;
    return Dataset.of(
        List.of(
            table(BRANCHES, branches, PgbenchDataset::branchRow),
            table(TELLERS, branches * TELLERS_PER_BRANCH, PgbenchDataset::tellerRow),
            table(ACCOUNTS, accounts, PgbenchDataset::accountRow),
            table(HISTORY, 0, (k, e) -> {})));
  }

  private static Dataset.Table table(TableDef def, long rows, GeneratedSource.Fields fields) {
    return GeneratedSource.table(def, rows, () -> fields);
  }

  private static void branchRow(long k, RowEncoder encoder) {
    encoder.int4((int) (k + 1));
    encoder.int4(0);
    encoder.nullValue();
  }

  private static void tellerRow(long k, RowEncoder encoder) {
    encoder.int4((int) (k + 1));
    encoder.int4((int) (k / TELLERS_PER_BRANCH + 1));
    encoder.int4(0);
    encoder.nullValue();
  }

  private static void accountRow(long k, RowEncoder encoder) {
    encoder.int4((int) (k + 1));
    encoder.int4((int) (k / ACCOUNTS_PER_BRANCH + 1));
    encoder.int4(0);
    encoder.text("");
  }

  /**
   * pgbench's four tables at scale {@code scale} ({@value PgbenchDataset#ACCOUNTS_PER_BRANCH}
   * accounts per unit); SCALE multiplies the accounts, branches and tellers follow.
   */
  public record Spec(int scale, long accounts) implements GeneratedSpec {
    /** The kind as scenarios name it. */
    public static final String KIND = "pgbench";

    public Spec(int scale) {
      this(scale, (long) scale * PgbenchDataset.ACCOUNTS_PER_BRANCH);
    }

    @Override
    public String kind() {
      return KIND;
    }

    @Override
    public Map<String, Long> rows() {
      return Map.of(ACCOUNTS.name(), accounts);
    }

    @Override
    public DatasetSpec scaled(double factor) {
      return new Spec(scale, Specs.scaledRows(accounts, factor));
    }

    @Override
    public Map<String, String> options() {
      return Map.of("scale", String.valueOf(scale));
    }

    @Override
    public Dataset open(Path workRoot, Consumer<String> notes) {
      return PgbenchDataset.of(accounts);
    }
  }
}
