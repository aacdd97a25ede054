package io.pais.io;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/** Resolves feature and drop columns, given by name or 0-based index, to column indices. */
final class ColumnSelection {
  private ColumnSelection() {}

  /**
   * The selected columns' indices. Refused, rather than resolved silently: a column name that appears twice, a
   * column named twice in the features or the drops, and a column both a feature and dropped.
   */
  static int[] select(List<String> names, List<String> features, List<String> drops, String source) {
    for (int i = 0; i < names.size(); i++) {
      int first = names.indexOf(names.get(i));
      if (first < i) { // the name itself is not quoted: it comes from the user's file
        throw new InputException("columns " + first + " and " + i + " of " + source + " have the same name; rename "
            + "one, or read the file without --header and choose columns by 0-based index");
      }
    }
    Set<Integer> dropped = new LinkedHashSet<>();
    for (String d : drops) {
      if (!dropped.add(index(names, d, source))) {
        throw new InputException("column '" + d + "' is dropped twice (--drop names each column once)");
      }
    }
    Set<Integer> chosenOnce = new LinkedHashSet<>();
    for (String f : features) {
      int i = index(names, f, source);
      if (!chosenOnce.add(i)) {
        throw new InputException("column '" + f + "' is a feature twice (--features names each column once)");
      }
      if (dropped.contains(i)) {
        throw new InputException("column '" + f + "' is both a feature and dropped; name it in --features or "
            + "--drop, not both");
      }
    }
    List<Integer> chosen = new ArrayList<>();
    if (features.isEmpty()) {
      for (int i = 0; i < names.size(); i++) {
        if (!dropped.contains(i)) {
          chosen.add(i);
        }
      }
    } else {
      for (String f : features) {
        int i = index(names, f, source);
        if (!dropped.contains(i)) {
          chosen.add(i);
        }
      }
    }
    if (chosen.isEmpty()) {
      throw new InputException("no feature columns left in " + source + " after dropping " + drops);
    }
    return chosen.stream().mapToInt(Integer::intValue).toArray();
  }

  private static int index(List<String> names, String column, String source) {
    int byName = names.indexOf(column);
    if (byName >= 0) {
      return byName;
    }
    try {
      int i = Integer.parseInt(column.strip());
      if (i >= 0 && i < names.size()) {
        return i;
      }
      throw new InputException("column index " + i + " is outside 0.." + (names.size() - 1) + " in " + source);
    } catch (NumberFormatException e) {
      throw new InputException("no column named '" + column + "' in " + source);
    }
  }
}
