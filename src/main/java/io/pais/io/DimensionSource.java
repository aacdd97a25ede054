package io.pais.io;

import io.pais.math.Checks;
import java.io.Serializable;

/**
 * Where the dimension d of the points came from. d is published (the columns of the centres, the report) and
 * sets every noise scale, so a strict release needs it public: given by the user, or a function of the input's
 * schema alone (a CSV header, a Parquet schema, a vector column's ML metadata when it lists one attribute per scalar
 * column). A d taken from the records (the largest LibSVM index, the fields of a first data line, a schema a source
 * infers from its rows) or from ML metadata that a stage fitted on the rows may have written (OneHotEncoder,
 * CountVectorizer) is refused there.
 *
 * @param isPublic whether d is a public input or a function of the schema alone
 * @param description where d came from, in words (for messages and the report)
 */
public record DimensionSource(boolean isPublic, String description) implements Serializable {

  /** d given by the user (a dimension, or the feature columns named one by one). */
  public static final DimensionSource GIVEN = new DimensionSource(true, "given by the user");

  public DimensionSource {
    Checks.notNull("description", description);
  }

  /** d read from the input's schema: {@code what} names it ("the header line", "the Parquet schema"). */
  public static DimensionSource schema(String what) {
    return new DimensionSource(true, "read from " + what);
  }

  /** d taken from the records: {@code how} names the rule ("the largest feature index over all records"). */
  public static DimensionSource records(String how) {
    return new DimensionSource(false, "taken from the records: " + how);
  }

  /**
   * d read from metadata that does not show it is independent of the rows: {@code what} names it and says why (a
   * size in ML metadata that a stage fitted on the rows may have written).
   */
  public static DimensionSource unverified(String what) {
    return new DimensionSource(false, "read from " + what);
  }

  /**
   * Refuses a d that is not public, for a strict release: one line naming where d came from and how to give it.
   */
  public void requirePublic() {
    if (!isPublic) {
      throw new InputException("a strict release needs a public dimension, but d was " + description + "; give it "
          + "as a public input (the job's --dimension, the Estimator's setDimension)");
    }
  }
}
