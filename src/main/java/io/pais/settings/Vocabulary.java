package io.pais.settings;

/** How messages name a setting: as the job's flags ({@code --clip-radius}) or Spark ML params ({@code clipRadius}). */
public enum Vocabulary {
  FLAGS {
    @Override
    public String name(Setting setting) {
      return "--" + setting.flag();
    }

    @Override
    public String is(Setting setting, String value) {
      return name(setting) + " " + value;
    }
  },
  PARAMS {
    @Override
    public String name(Setting setting) {
      return setting.param();
    }

    @Override
    public String is(Setting setting, String value) {
      return name(setting) + " = " + value;
    }
  };

  /** The setting's name. */
  public abstract String name(Setting setting);

  /** The setting with a value: "--privacy strict", "privacyMode = strict". */
  public abstract String is(Setting setting, String value);
}
