package org.pgloadbench.dataset;

import java.util.Arrays;
import org.pgloadbench.copy.Utf8Text;

/**
 * One OpenStreetMap object as osm2pgsql's middle stores it, in buffers reused from object to
 * object: what a generator or the PBF cache fills and a {@link MiddleRowWriter} turns into a row.
 * Only the parts of the object's type are meaningful (a node's position, a way's node refs, a
 * relation's members); {@link #clear} empties the lists, keeping their capacity.
 */
final class OsmObject {
  long id;

  /** Fixed point, 1e-7 degrees, as osmium's {@code Location} holds it and osm2pgsql stores it. */
  int lat;

  int lon;

  /** Keys and values alternating, in the object's order; {@link #tagCount} pairs are valid. */
  CharSequence[] tags = new CharSequence[32];

  int tagCount;

  /**
   * The shared tag set of a fixed vocabulary that {@link #tags} holds whole and alone, or null:
   * a writer may take what the set holds already (its JSON object) instead of building it again.
   * Only {@link OsmTags#add} sets it; {@link #clear} resets it.
   */
  OsmTags.TagSet constantTags;

  long[] refs = new long[2000];
  int refCount;

  /** 'N', 'W' or 'R' per member. */
  byte[] memberTypes = new byte[64];

  long[] memberRefs = new long[64];
  CharSequence[] memberRoles = new CharSequence[64];
  int memberCount;

  /**
   * Buffers for tag values and roles that are built rather than shared, the first few in use: UTF-8
   * already, so the encoders copy them instead of encoding chars.
   */
  private Utf8Text[] scratch = new Utf8Text[0];

  private int scratchInUse;

  OsmObject clear() {
    tagCount = 0;
    constantTags = null;
    refCount = 0;
    memberCount = 0;
    scratchInUse = 0;
    return this;
  }

  void addTag(CharSequence key, CharSequence value) {
    int at = 2 * tagCount;
    if (at + 2 > tags.length) {
      tags = Arrays.copyOf(tags, 2 * tags.length);
    }
    tags[at] = key;
    tags[at + 1] = value;
    tagCount++;
  }

  void addRef(long ref) {
    if (refCount == refs.length) {
      refs = Arrays.copyOf(refs, 2 * refs.length);
    }
    refs[refCount++] = ref;
  }

  /**
   * The refs array with room for {@code count} refs, for a writer that knows the count up front: it
   * stores them itself, then sets {@link #refCount}, instead of checking the room ref by ref. Refs
   * added before are not kept.
   */
  long[] refsFor(int count) {
    if (count > refs.length) {
      refs = new long[Math.max(count, 2 * refs.length)];
    }
    return refs;
  }

  void addMember(char type, long ref, CharSequence role) {
    if (memberCount == memberRefs.length) {
      int capacity = 2 * memberCount;
      memberTypes = Arrays.copyOf(memberTypes, capacity);
      memberRefs = Arrays.copyOf(memberRefs, capacity);
      memberRoles = Arrays.copyOf(memberRoles, capacity);
    }
    memberTypes[memberCount] = (byte) type;
    memberRefs[memberCount] = ref;
    memberRoles[memberCount] = role;
    memberCount++;
  }

  /**
   * An empty buffer not in use by this object; it stays this object's until the next {@link
   * #clear}.
   */
  Utf8Text scratch() {
    if (scratchInUse == scratch.length) {
      scratch = Arrays.copyOf(scratch, Math.max(16, 2 * scratchInUse));
      for (int i = scratchInUse; i < scratch.length; i++) {
        scratch[i] = new Utf8Text(32);
      }
    }
    return scratch[scratchInUse++].clear();
  }
}
