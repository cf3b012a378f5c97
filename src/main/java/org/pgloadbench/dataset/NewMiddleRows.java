package org.pgloadbench.dataset;

import org.pgloadbench.copy.RowEncoder;

/**
 * The new middle format, as osm2pgsql 2.x writes it: tags a jsonb object of the tags in order, NULL
 * when there are none; members a jsonb array of {@code {"type":"W","ref":123,"role":"outer"}},
 * {@code []} when there are none.
 */
final class NewMiddleRows implements MiddleRowWriter {
  private final JsonBuilder members = new JsonBuilder();
  private final JsonBuilder tags = new JsonBuilder();
  private final StringBuilder type = new StringBuilder(1);

  @Override
  public void write(MiddleTable table, OsmObject o, RowEncoder encoder) {
    encoder.int8(o.id);
    switch (table) {
      case NODES -> {
        encoder.int4(o.lat);
        encoder.int4(o.lon);
      }
      case WAYS -> encoder.int8Array(o.refs, o.refCount);
      case RELS -> {
        members.clear().beginArray();
        for (int i = 0; i < o.memberCount; i++) {
          type.setLength(0);
          type.append((char) o.memberTypes[i]);
          members
              .beginObject()
              .field("type", type)
              .field("ref", o.memberRefs[i])
              .field("role", o.memberRoles[i])
              .endObject();
        }
        encoder.jsonb(members.endArray().text());
      }
    }
    if (o.tagCount == 0) {
      encoder.nullValue();
      return;
    }
    tags.clear().beginObject();
    for (int i = 0; i < 2 * o.tagCount; i += 2) {
      tags.field(o.tags[i], o.tags[i + 1]);
    }
    encoder.jsonb(tags.endObject().text());
  }
}
