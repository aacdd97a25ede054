package io.pais.io;

import java.io.IOException;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.io.LongWritable;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.io.compress.CompressionCodecFactory;
import org.apache.hadoop.mapreduce.InputSplit;
import org.apache.hadoop.mapreduce.JobContext;
import org.apache.hadoop.mapreduce.RecordReader;
import org.apache.hadoop.mapreduce.TaskAttemptContext;
import org.apache.hadoop.mapreduce.lib.input.FileSplit;
import org.apache.hadoop.mapreduce.lib.input.LineRecordReader;
import org.apache.hadoop.mapreduce.lib.input.TextInputFormat;

/**
 * Hadoop's text input with three changes: a compressed file is read whole (so its line numbers, which its
 * records' sampling keys use, are exact; a split bzip2 stream has no stable per-line place); a leading UTF-8
 * byte-order mark is removed; and a failure of the reader or its codec (a truncated or fake .gz) becomes an
 * {@link InputException} naming the file and how far it got, never the reader's own message.
 */
public final class GuardedTextInputFormat extends TextInputFormat {

  @Override
  protected boolean isSplitable(JobContext context, Path file) {
    return new CompressionCodecFactory(context.getConfiguration()).getCodec(file) == null;
  }

  @Override
  public RecordReader<LongWritable, Text> createRecordReader(InputSplit split, TaskAttemptContext context) {
    return new Guarded(new LineRecordReader());
  }

  private static final class Guarded extends RecordReader<LongWritable, Text> {
    private static final byte[] BOM = {(byte) 0xEF, (byte) 0xBB, (byte) 0xBF};
    private final LineRecordReader reader;
    private String file = "input";
    private boolean fromStart;
    private long lines;

    Guarded(LineRecordReader reader) {
      this.reader = reader;
    }

    @Override
    public void initialize(InputSplit split, TaskAttemptContext context) {
      FileSplit fileSplit = (FileSplit) split;
      file = fileSplit.getPath().toString();
      fromStart = fileSplit.getStart() == 0;
      try {
        reader.initialize(split, context);
      } catch (IOException | RuntimeException e) {
        throw failure(e);
      }
    }

    @Override
    public boolean nextKeyValue() {
      try {
        if (!reader.nextKeyValue()) {
          return false;
        }
      } catch (IOException | RuntimeException e) {
        throw failure(e);
      }
      lines++;
      Text value = reader.getCurrentValue();
      if (fromStart && lines == 1 && startsWithBom(value)) {
        value.set(value.getBytes(), BOM.length, value.getLength() - BOM.length);
      }
      return true;
    }

    private static boolean startsWithBom(Text value) {
      byte[] b = value.getBytes();
      return value.getLength() >= BOM.length && b[0] == BOM[0] && b[1] == BOM[1] && b[2] == BOM[2];
    }

    private InputException failure(Exception e) {
      String where = fromStart ? (lines == 0 ? "at the start" : "after line " + lines) : "inside a split";
      return new InputException(file + ", " + where + ": " + ReadFailures.describe(e));
    }

    @Override
    public LongWritable getCurrentKey() {
      return reader.getCurrentKey();
    }

    @Override
    public Text getCurrentValue() {
      return reader.getCurrentValue();
    }

    @Override
    public float getProgress() throws IOException {
      return reader.getProgress();
    }

    @Override
    public void close() throws IOException {
      reader.close();
    }
  }
}
