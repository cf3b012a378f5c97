package org.pgloadbench.dataset;

import org.pgloadbench.copy.RowEncoder;

/**
 * Writes an object's fields as one middle format lays out its table's row, between the caller's
 * beginRow and endRow. An instance reuses its buffers and serves one stream of rows.
 */
interface MiddleRowWriter {
  void write(MiddleTable table, OsmObject object, RowEncoder encoder);
}
