package io.pais.io;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/** Resolves feature and drop columns, given by name or 0-based index, to column indices. */
final class ColumnSelection {
  private ColumnSelection() {}

  static int[] select(List<String> names, List<String> features, List<String> drops, String source) {
    Set<Integer> dropped = new LinkedHashSet<>();
    for (String d : drops) {
      dropped.add(index(names, d, source));
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
