package org.pgloadbench.dataset;

import java.util.Arrays;
import org.pgloadbench.copy.Utf8Text;

/**
 * The fixed tag vocabulary of the synthetic data. A tag set ({@link TagSet}) holds alternating
 * keys and values; a {@code null} value stands for a generated name, {@code "<name> <number>"}.
 * The words are {@link Utf8Text} constants, encoded once: copied in bulk into every row, they cost
 * less than encoding a String char by char each time.
 */
final class OsmTags {
  /** Mostly ASCII; one in three has non-ASCII letters, so multi-byte UTF-8 gets loaded. */
  private static final Utf8Text[] NAMES =
      utf8(
          "Main Street",
          "Station Road",
          "Church Lane",
          "Park Avenue",
          "Mill Road",
          "High Street",
          "Oak Street",
          "Lindenweg",
          "Calle Mayor",
          "Kerkstraat",
          "Via Roma",
          "Hauptstraße",
          "Café Central",
          "Rue de l'Église",
          "Улица Ленина",
          "中山路");

  private OsmTags() {}

  /**
   * A tag set of the vocabulary: keys and values alternating, a null value a name to draw. One that
   * draws none also holds the JSON object the new middle format writes of it ({@code json}, else
   * null), built here once rather than looked up or rebuilt by every writer row after row.
   */
  record TagSet(Utf8Text[] words, Utf8Text json) {}

  /** The words as constants; a null (a name to draw) stays null. */
  static Utf8Text[] utf8(String... words) {
    return Arrays.stream(words)
        .map(w -> w == null ? null : Utf8Text.of(w))
        .toArray(Utf8Text[]::new);
  }

  /** Each tag set as constants. */
  static TagSet[] tagSets(String[][] tagSets) {
    return Arrays.stream(tagSets).map(OsmTags::tagSet).toArray(TagSet[]::new);
  }

  private static TagSet tagSet(String... words) {
    Utf8Text[] utf8 = utf8(words);
    if (Arrays.asList(words).contains(null)) {
      return new TagSet(utf8, null);
    }
    CharSequence json = NewMiddleRows.tagsJson(new JsonBuilder(), utf8, utf8.length / 2);
    return new TagSet(utf8, new Utf8Text(64).append(json));
  }

  static TagSet pick(TagSet[] tagSets, RowRandom random) {
    return tagSets[random.nextInt(tagSets.length)];
  }

  /**
   * Adds the tag set to {@code object}, drawing a name wherever the set asks for one; a set that
   * draws none, added to an object without tags, becomes the object's {@link
   * OsmObject#constantTags}.
   */
  static void add(OsmObject object, TagSet set, RowRandom random) {
    Utf8Text[] tagSet = set.words();
    boolean constant = object.tagCount == 0;
    for (int i = 0; i < tagSet.length; i += 2) {
      Utf8Text value = tagSet[i + 1];
      if (value == null) {
        Utf8Text name =
            object
                .scratch()
                .append(NAMES[random.nextInt(NAMES.length)])
                .appendAscii(' ')
                .append(1 + random.nextInt(200));
        object.addTag(tagSet[i], name);
        constant = false;
      } else {
        object.addTag(tagSet[i], value);
      }
    }
    object.constantTags = constant ? set : null;
  }
}
