package org.pgloadbench.dataset;

import org.pgloadbench.copy.RowEncoder;
import org.pgloadbench.copy.Utf8Text;

/**
 * The new middle format, as osm2pgsql 2.x writes it: tags a jsonb object of the tags in order, NULL
 * when there are none; members a jsonb array of {@code {"type":"W","ref":123,"role":"outer"}},
 * {@code []} when there are none.
 */
final class NewMiddleRows implements MiddleRowWriter {
  /** The name of a member's last field, encoded once rather than per member. */
  private static final JsonBuilder.Literal ROLE = new JsonBuilder.Literal("role");

  /** A member's object up to its ref, per type: {@code {"type":"N","ref":}. */
  private static final Utf8Text NODE = opening("N");

  private static final Utf8Text WAY = opening("W");
  private static final Utf8Text RELATION = opening("R");

  private final JsonBuilder members = new JsonBuilder();
  private final JsonBuilder tags = new JsonBuilder();

  /**
   * The long or rare parts (members, tags) are methods of their own: C2 inlines a method that it
   * has compiled already only while that code is small ({@code InlineSmallCode}), so keeping them
   * out keeps a node's common path (id, lat, lon, NULL) inlined whole into its encoder calls.
   */
  @Override
  public void write(MiddleTable table, OsmObject o, RowEncoder encoder) {
    encoder.int8(o.id);
    switch (table) {
      case NODES -> {
        encoder.int4(o.lat);
        encoder.int4(o.lon);
      }
      case WAYS -> encoder.int8Array(o.refs, o.refCount);
      case RELS -> encoder.jsonb(membersJson(o));
    }
    if (o.tagCount == 0) {
      encoder.nullValue();
    } else {
      encoder.jsonb(tags(o));
    }
  }

  private CharSequence membersJson(OsmObject o) {
    members.clear().beginArray();
    for (int i = 0; i < o.memberCount; i++) {
      members
          .beginObject(type(o.memberTypes[i]))
          .value(o.memberRefs[i])
          .field(ROLE, o.memberRoles[i])
          .endObject();
    }
    return members.endArray().text();
  }

  private static Utf8Text opening(String type) {
    JsonBuilder start = new JsonBuilder().beginObject().field("type", type).name("ref");
    return new Utf8Text(32).append(start.text());
  }

  /**
   * A constant tag set's JSON is the set's own, built once ({@link OsmTags.TagSet#json}): most
   * synthetic ways carry one of a dozen such sets, and building their JSON row after row was the
   * largest part of a way's generation after its refs.
   */
  private CharSequence tags(OsmObject o) {
    return o.constantTags != null ? o.constantTags.json() : tagsJson(tags, o.tags, o.tagCount);
  }

  /** The JSON object of the first {@code pairs} keys and values, in {@code builder}. */
  static CharSequence tagsJson(JsonBuilder builder, CharSequence[] tags, int pairs) {
    builder.clear().beginObject();
    for (int i = 0; i < 2 * pairs; i += 2) {
      builder.field(tags[i], tags[i + 1]);
    }
    return builder.endObject().text();
  }

  private static Utf8Text type(byte letter) {
    return switch (letter) {
      case 'N' -> NODE;
      case 'W' -> WAY;
      case 'R' -> RELATION;
      default -> throw new IllegalArgumentException("member type " + (char) letter);
    };
  }
}
