package org.pgloadbench.copy;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.sql.Array;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.pgloadbench.server.Embedded;
import org.pgloadbench.server.EmbeddedTarget;
import org.pgloadbench.server.PostgresServer;
import org.postgresql.copy.CopyIn;
import org.postgresql.copy.CopyManager;
import org.postgresql.core.BaseConnection;

/**
 * What the encoders write, read back by real servers: the oldest and the newest version offered.
 */
@Tag("server")
class CopyRoundTripTest {
  @TempDir static Path workRoot;
  static PostgresServer oldest;
  static PostgresServer newest;

  /** id, an int4, an int8, an int8[], a jsonb, a text: edge values of each, and NULLs. */
  static final Object[][] ROWS = {
    {
      1,
      0,
      0L,
      new long[] {1, -2, Long.MAX_VALUE},
      "{\"name\": \"Straße 12 😀\", \"n\": [1, 2.5]}",
      "plain"
    },
    {
      2,
      Integer.MIN_VALUE,
      Long.MIN_VALUE,
      new long[0],
      "[]",
      "tab\there\nnew line\r\\ back\\slash \\N é 😀"
    },
    {
      3,
      Integer.MAX_VALUE,
      Long.MAX_VALUE,
      new long[] {42},
      "{\"q\": \"a \\\"quoted\\\" \\\\ tab\\t\"}",
      ""
    },
    {4, null, null, null, null, null},
  };

  @BeforeAll
  static void start() throws Exception {
    EmbeddedTarget target = Embedded.target(workRoot);
    oldest = target.start("14", Map.of());
    newest = target.start("18", Map.of());
  }

  @AfterAll
  static void stop() {
    oldest.close();
    newest.close();
  }

  static Iterable<Arguments> serversAndFormats() {
    return java.util.List.of(
        Arguments.of("14", CopyFormat.TEXT), Arguments.of("14", CopyFormat.BINARY),
        Arguments.of("18", CopyFormat.TEXT), Arguments.of("18", CopyFormat.BINARY));
  }

  @ParameterizedTest(name = "PostgreSQL {0}, {1}")
  @MethodSource("serversAndFormats")
  void theServerReadsBackEveryValue(String version, CopyFormat format) throws Exception {
    PostgresServer server = version.equals("14") ? oldest : newest;
    try (Connection c = server.connect("postgres")) {
      String table = "roundtrip_" + format.sqlName();
      try (Statement s = c.createStatement()) {
        s.execute("DROP TABLE IF EXISTS " + table);
        s.execute(
            "CREATE TABLE "
                + table
                + " (id int4, i4 int4, i8 int8, refs int8[], doc jsonb, note text)");
      }
      CopyIn copy =
          new CopyManager(c.unwrap(BaseConnection.class))
              .copyIn("COPY " + table + " FROM STDIN (FORMAT " + format.sqlName() + ")");
      RowEncoder encoder = format.encoder(copy::writeToCopy);
      for (Object[] row : ROWS) {
        write(encoder, row);
      }
      encoder.finish();
      assertThat(copy.endCopy()).isEqualTo(ROWS.length);

      for (Object[] row : ROWS) {
        assertRow(c, table, row);
      }
    }
  }

  /** text[] elements that need quoting or escaping at both levels, and int2 at its edges. */
  static final String[][] TEXT_ARRAYS = {
    {"plain", "", "with space", "comma,brace{}", "quote \" and \\ backslash", "NULL"},
    {"tab\there\nnew line\r", "\\N", "Straße 😀 中山路"},
    {},
  };

  static final short[] INT2S = {Short.MIN_VALUE, 0, Short.MAX_VALUE};

  @ParameterizedTest(name = "PostgreSQL {0}, {1}")
  @MethodSource("serversAndFormats")
  void theServerReadsBackTextArraysAndInt2(String version, CopyFormat format) throws Exception {
    PostgresServer server = version.equals("14") ? oldest : newest;
    try (Connection c = server.connect("postgres")) {
      String table = "textarrays_" + format.sqlName();
      try (Statement s = c.createStatement()) {
        s.execute("DROP TABLE IF EXISTS " + table);
        s.execute("CREATE TABLE " + table + " (id int4, small int2, words text[])");
      }
      CopyIn copy =
          new CopyManager(c.unwrap(BaseConnection.class))
              .copyIn("COPY " + table + " FROM STDIN (FORMAT " + format.sqlName() + ")");
      RowEncoder encoder = format.encoder(copy::writeToCopy);
      for (int i = 0; i < TEXT_ARRAYS.length; i++) {
        encoder.beginRow(3);
        encoder.int4(i);
        encoder.int2(INT2S[i]);
        // a longer array than used: only the first count elements count
        String[] words = java.util.Arrays.copyOf(TEXT_ARRAYS[i], TEXT_ARRAYS[i].length + 1);
        words[words.length - 1] = "not written";
        encoder.textArray(words, TEXT_ARRAYS[i].length);
        encoder.endRow();
      }
      encoder.finish();
      assertThat(copy.endCopy()).isEqualTo(TEXT_ARRAYS.length);

      try (Statement s = c.createStatement();
          ResultSet rs = s.executeQuery("SELECT small, words FROM " + table + " ORDER BY id")) {
        for (int i = 0; i < TEXT_ARRAYS.length; i++) {
          assertThat(rs.next()).isTrue();
          assertThat(rs.getShort(1)).isEqualTo(INT2S[i]);
          assertThat((String[]) rs.getArray(2).getArray()).containsExactly(TEXT_ARRAYS[i]);
        }
      }
    }
  }

  private static void write(RowEncoder encoder, Object[] row) throws SQLException {
    encoder.beginRow(row.length);
    encoder.int4((Integer) row[0]);
    if (row[1] == null) {
      for (int i = 1; i < row.length; i++) {
        encoder.nullValue();
      }
    } else {
      encoder.int4((Integer) row[1]);
      encoder.int8((Long) row[2]);
      long[] refs = (long[]) row[3];
      encoder.int8Array(refs, refs.length);
      encoder.jsonb((String) row[4]);
      encoder.text((String) row[5]);
    }
    encoder.endRow();
  }

  private static void assertRow(Connection c, String table, Object[] row) throws SQLException {
    try (PreparedStatement s =
        c.prepareStatement(
            "SELECT i4, i8, refs, doc = ?::jsonb, doc IS NULL, note FROM "
                + table
                + " WHERE id = ?")) {
      s.setString(1, (String) row[4]);
      s.setInt(2, (Integer) row[0]);
      try (ResultSet rs = s.executeQuery()) {
        assertThat(rs.next()).isTrue();
        assertThat(rs.getObject(1)).isEqualTo(row[1]);
        assertThat(rs.getObject(2)).isEqualTo(row[2]);
        Array refs = rs.getArray(3);
        if (row[3] == null) {
          assertThat(refs).isNull();
        } else {
          Long[] values = (Long[]) refs.getArray();
          assertThat(values)
              .containsExactly(
                  java.util.Arrays.stream((long[]) row[3]).boxed().toArray(Long[]::new));
        }
        assertThat(rs.getBoolean(5)).isEqualTo(row[4] == null);
        if (row[4] != null) {
          assertThat(rs.getBoolean(4)).as("jsonb equals %s", row[4]).isTrue();
        }
        assertThat(rs.getString(6)).isEqualTo(row[5]);
      }
    }
  }
}
