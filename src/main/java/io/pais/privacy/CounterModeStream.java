package io.pais.privacy;

import java.nio.ByteBuffer;
import java.security.GeneralSecurityException;
import javax.crypto.Cipher;
import javax.crypto.ShortBufferException;
import javax.crypto.spec.IvParameterSpec;
import javax.crypto.spec.SecretKeySpec;
import org.apache.commons.rng.UniformRandomProvider;

/**
 * The keystream of AES in counter mode, read eight bytes at a time: a generator whose draws cannot be predicted
 * without the key. A stream is named by its key and a 64-bit nonce, the high half of the initial counter block; the
 * low half counts from zero, so streams under one key with different nonces never share a counter block (a stream
 * would need 2⁶⁴ blocks to run into the next nonce's). Not thread-safe: one stream per task.
 */
public final class CounterModeStream implements UniformRandomProvider {
  private static final int BUFFER_BYTES = 4096;
  private static final int BLOCK_BYTES = 16;
  private final Cipher cipher;
  private final byte[] zeros = new byte[BUFFER_BYTES];
  private final ByteBuffer buffer = ByteBuffer.allocate(BUFFER_BYTES);

  /** The stream of nonce 0. */
  public CounterModeStream(byte[] key) {
    this(key, 0);
  }

  /**
   * @param key an AES key (16, 24 or 32 bytes)
   * @param nonce the stream's name under the key
   */
  public CounterModeStream(byte[] key, long nonce) {
    try {
      cipher = Cipher.getInstance("AES/CTR/NoPadding");
      byte[] counter = ByteBuffer.allocate(BLOCK_BYTES).putLong(nonce).array();
      cipher.init(Cipher.ENCRYPT_MODE, new SecretKeySpec(key, "AES"), new IvParameterSpec(counter));
    } catch (GeneralSecurityException e) {
      throw new IllegalStateException("AES/CTR is not available in this JVM", e);
    }
    buffer.position(BUFFER_BYTES); // empty: the first read fills it
  }

  @Override
  public long nextLong() {
    if (buffer.remaining() < Long.BYTES) {
      try {
        cipher.update(zeros, 0, BUFFER_BYTES, buffer.array(), 0);
      } catch (ShortBufferException e) {
        throw new IllegalStateException("the keystream buffer is its own size", e);
      }
      buffer.clear();
    }
    return buffer.getLong();
  }
}
