package org.pgloadbench.server;

import java.sql.Connection;
import java.sql.SQLException;
import org.pgloadbench.variant.StandbyMode;

/**
 * A physical standby of a server the harness started: a copy of its data directory streaming its
 * WAL over the loopback (see {@link EmbeddedStandby}). Its primary stops it when it stops.
 */
public interface Standby {
  /** Async, or sync: the primary's commits wait for it. */
  StandbyMode mode();

  /** Whether its postmaster runs (asks for no connection). */
  boolean alive();

  /** Why it went down, from its log, on one line. */
  String whyDown();

  /** A read-only connection to a database on the standby (a hot standby). */
  Connection connect(String database) throws SQLException;

  /** Starts it again on its data directory after it went down: it resumes streaming. */
  void recover() throws ServerException;
}
