package io.pais.settings;

import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.util.Locale;
import java.util.Properties;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The settings' texts ({@code settings.properties} beside this class, UTF-8): one text per setting under its key,
 * or where the job's flag and the Spark ML param take values differently one under {@code KEY.flags} and one under
 * {@code KEY.params}. In a text, {@code {key}} names another setting in the reader's vocabulary ({@code --clip-radius}
 * or {@code clipRadius}), {@code {=NAME}} is a constant of the code ({@link Setting#constant}) and {@code {=RANGE}} a
 * plain setting's range.
 */
final class SettingTexts {
  private static final String RESOURCE = "settings.properties";
  private static final Pattern PLACEHOLDER = Pattern.compile("\\{(=?)([A-Za-z0-9_-]+)}");
  /** {@code {=RANGE}}: a plain setting's own range ({@link PlainValue#range}), so that its text never restates it. */
  private static final String OWN_RANGE = "RANGE";
  private static final Properties TEXTS = load();

  private SettingTexts() {}

  static String text(Setting setting, Vocabulary vocabulary) {
    String own = TEXTS.getProperty(setting.key() + "." + vocabulary.name().toLowerCase(Locale.ROOT));
    String text = own != null ? own : TEXTS.getProperty(setting.key());
    if (text == null) {
      throw new IllegalStateException(RESOURCE + " has no text for the setting " + setting.key());
    }
    Matcher m = PLACEHOLDER.matcher(text.strip());
    StringBuilder out = new StringBuilder();
    while (m.find()) {
      String name = m.group(2);
      String value = m.group(1).isEmpty()
          ? Setting.ofKey(name).map(vocabulary::name).orElseThrow(() -> new IllegalStateException(RESOURCE + ": the "
              + "text of " + setting.key() + " names {" + name + "}, which is no setting"))
          : name.equals(OWN_RANGE) && setting.plain() != null ? setting.plain().range()
          : Setting.constant(name).orElseThrow(() -> new IllegalStateException(RESOURCE + ": the text of "
              + setting.key() + " names {=" + name + "}, which is no constant"));
      m.appendReplacement(out, Matcher.quoteReplacement(value));
    }
    m.appendTail(out);
    return out.toString();
  }

  static boolean hasOwnTexts(Setting setting) {
    return TEXTS.containsKey(setting.key() + ".flags") || TEXTS.containsKey(setting.key() + ".params");
  }

  /** The keys of the texts, for the test that every text belongs to a setting. */
  static java.util.Set<String> keys() {
    return TEXTS.stringPropertyNames();
  }

  private static Properties load() {
    Properties texts = new Properties();
    try (InputStream in = SettingTexts.class.getResourceAsStream(RESOURCE)) {
      if (in == null) {
        throw new IllegalStateException("the settings' texts (" + RESOURCE + ") are missing from the classpath");
      }
      try (Reader reader = new InputStreamReader(in, StandardCharsets.UTF_8)) {
        texts.load(reader);
      }
    } catch (IOException e) {
      throw new IllegalStateException("cannot read the settings' texts (" + RESOURCE + ")", e);
    }
    return texts;
  }
}
