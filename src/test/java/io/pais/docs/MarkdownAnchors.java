package io.pais.docs;

import java.util.Locale;

/** Anchors of Markdown headings, made as GitHub and MkDocs (with the site's slugify) make them. */
public final class MarkdownAnchors {
  private MarkdownAnchors() {}

  /** The anchor of {@code heading}: lower case, punctuation dropped (letters of any script kept), spaces to hyphens. */
  public static String of(String heading) {
    return heading.strip().toLowerCase(Locale.ROOT).replaceAll("[^\\p{L}\\p{N}\\- _]", "").replace(' ', '-');
  }
}
