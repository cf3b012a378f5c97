package org.pgloadbench.dataset;

/**
 * The fixed tag vocabulary of the synthetic data. A tag set is an array of alternating keys and
 * values; a {@code null} value stands for a generated name, {@code "<name> <number>"}.
 */
final class OsmTags {
  /** Mostly ASCII; one in three has non-ASCII letters, so multi-byte UTF-8 gets loaded. */
  private static final String[] NAMES = {
    "Main Street", "Station Road", "Church Lane", "Park Avenue", "Mill Road", "High Street",
    "Oak Street", "Lindenweg", "Calle Mayor", "Kerkstraat", "Via Roma", "Hauptstraße",
    "Café Central", "Rue de l'Église", "Улица Ленина", "中山路",
  };

  private OsmTags() {}

  static String[] pick(String[][] tagSets, RowRandom random) {
    return tagSets[random.nextInt(tagSets.length)];
  }

  /** Adds the tag set to {@code object}, drawing a name wherever the set asks for one. */
  static void add(OsmObject object, String[] tagSet, RowRandom random) {
    for (int i = 0; i < tagSet.length; i += 2) {
      String value = tagSet[i + 1];
      if (value == null) {
        object
            .addTagToFill(tagSet[i])
            .append(NAMES[random.nextInt(NAMES.length)])
            .appendAscii(' ')
            .append(1 + random.nextInt(200));
      } else {
        object.addTag(tagSet[i], value);
      }
    }
  }
}
