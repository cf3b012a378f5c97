package org.pgloadbench.dataset;

import java.util.Arrays;
import org.pgloadbench.copy.RowEncoder;
import org.pgloadbench.copy.Utf8Text;

/**
 * The legacy middle format, as osm2pgsql 1.8's {@code middle-pgsql.cpp} writes it: nodes without
 * tags; tags a flat text[] of key, value, key, value in the object's order, NULL when there are
 * none. A relation's {@code parts} holds its member ids grouped by type (nodes, then ways, then
 * relations, each in member order), {@code way_off} counts the node members and {@code rel_off} the
 * node and way members; {@code members} is a text[] of type letter and id ({@code w123}), role, and
 * so on in member order, NULL when there are none (parts is then an empty array).
 */
final class LegacyMiddleRows implements MiddleRowWriter {
  private long[] parts = new long[64];
  private CharSequence[] members = new CharSequence[128];
  private Utf8Text[] memberNames = new Utf8Text[0];

  @Override
  public void write(MiddleTable table, OsmObject o, RowEncoder encoder) {
    encoder.int8(o.id);
    switch (table) {
      case NODES -> {
        encoder.int4(o.lat);
        encoder.int4(o.lon);
        return;
      }
      case WAYS -> encoder.int8Array(o.refs, o.refCount);
      case RELS -> relation(o, encoder);
    }
    if (o.tagCount == 0) {
      encoder.nullValue();
    } else {
      encoder.textArray(o.tags, 2 * o.tagCount);
    }
  }

  private void relation(OsmObject o, RowEncoder encoder) {
    int count = o.memberCount;
    ensureCapacity(count);
    int wayOffset = addParts(o, 'N', 0);
    int relationOffset = addParts(o, 'W', wayOffset);
    addParts(o, 'R', relationOffset);
    encoder.int2((short) wayOffset);
    encoder.int2((short) relationOffset);
    encoder.int8Array(parts, count);
    if (count == 0) {
      encoder.nullValue();
      return;
    }
    for (int i = 0; i < count; i++) {
      members[2 * i] =
          memberNames[i]
              .clear()
              .appendAscii(Character.toLowerCase((char) o.memberTypes[i]))
              .append(o.memberRefs[i]);
      members[2 * i + 1] = o.memberRoles[i];
    }
    encoder.textArray(members, 2 * count);
  }

  /** Appends the refs of the members of {@code type} to parts from {@code at}; returns the end. */
  private int addParts(OsmObject o, char type, int at) {
    for (int i = 0; i < o.memberCount; i++) {
      if (o.memberTypes[i] == type) {
        parts[at++] = o.memberRefs[i];
      }
    }
    return at;
  }

  private void ensureCapacity(int count) {
    if (count > parts.length) {
      parts = new long[Math.max(count, 2 * parts.length)];
    }
    if (2 * count > members.length) {
      members = new CharSequence[2 * parts.length];
    }
    if (count > memberNames.length) {
      int old = memberNames.length;
      memberNames = Arrays.copyOf(memberNames, Math.max(count, 2 * old));
      for (int i = old; i < memberNames.length; i++) {
        memberNames[i] = new Utf8Text(24);
      }
    }
  }
}
