"""pais's JVM side for a Spark session: the wheel carries one jar for each Scala line pais supports (2.12 for
Spark 3.5, 2.13 for Spark 4.0-4.2), and :func:`configure` attaches the one for the installed PySpark's line.

    import pais.spark
    spark = pais.spark.session()                       # local, with the pais jar
    spark = pais.spark.configure(SparkSession.builder.master("yarn")).getOrCreate()

``PAIS_JAR`` (a path) overrides the bundled jar, for a jar built from source. Over Spark Connect the jar belongs to
the server: start it with ``pais-connect-server`` (or give the server ``--jars`` :func:`jar`).
"""

import os
from importlib import resources

from pais import PaisError

__all__ = ["configure", "jar", "log_java_options", "scala_version", "session"]

# The Spark lines pais is built and tested for, and the Scala line of each one's jar
_SCALA_LINES = {(3, 5): "2.12", (4, 0): "2.13", (4, 1): "2.13", (4, 2): "2.13"}


def scala_version(spark_version=None):
    """The Scala line of pais's jar for ``spark_version`` (default: the installed PySpark's), e.g. "2.13"."""
    version = spark_version or _pyspark_version()
    try:
        line = tuple(int(part) for part in version.split(".")[:2])
    except ValueError:
        line = None
    if line not in _SCALA_LINES:
        supported = ", ".join("%d.%d" % key for key in _SCALA_LINES)
        raise PaisError("pais runs on Spark %s; this is Spark %s" % (supported, version))
    return _SCALA_LINES[line]


def jar(spark_version=None):
    """The path of pais's jar for ``spark_version`` (default: the installed PySpark's): ``PAIS_JAR`` when set, else
    the jar the package carries for that Spark line's Scala version."""
    override = os.environ.get("PAIS_JAR")
    if override:
        if not os.path.isfile(override):
            raise PaisError("PAIS_JAR names no file: %s" % override)
        return os.path.abspath(override)
    scala = scala_version(spark_version)
    path = resources.files("pais") / "jars" / ("pais-spark_%s.jar" % scala)
    if not path.is_file():
        raise PaisError("this pais package carries no jar for Scala %s (installed from the sources? install the wheel, "
                        "python/build-wheel makes it, or set PAIS_JAR to a jar built with mvn package)" % scala)
    return str(path)


def configure(builder, spark_version=None):
    """Adds pais's jar to ``builder``'s ``spark.jars`` (keeping any jars already there) and returns the builder. The
    session must not exist yet: a running JVM does not take new jars."""
    options = getattr(builder, "_options", {})
    if "spark.remote" in options or os.environ.get("SPARK_REMOTE"):
        raise PaisError("over Spark Connect pais's jar belongs to the server: start it with pais-connect-server, or "
                        "give the server --jars " + jar(spark_version))
    given = options.get("spark.jars")
    return builder.config("spark.jars", jar(spark_version) if not given else given + "," + jar(spark_version))


def session(master="local[*]", app_name="pais", conf=None, log_file=None, progress=True):
    """A SparkSession with pais's jar: ``master`` (None: the one spark-submit or the environment gives), and any
    other settings in ``conf`` (a dict). As with the ``pais`` command, Spark's own log — the traces of a failed task
    among it — goes to ``log_file`` (default: $PAIS_LOG_FILE, else pais.log in the temporary directory) and the
    terminal gets pais's progress lines (``progress=False``: only its warnings) and Python's errors (with the wheel,
    which carries that log configuration). An existing session is returned as it is, as ``getOrCreate`` does."""
    from pyspark.sql import SparkSession

    builder = SparkSession.builder.appName(app_name)
    if master:
        builder = builder.master(master)
    settings = dict(conf or {})
    logging = log_java_options(log_file)
    if logging and not progress:
        logging += " -Dpais.console.level=warn"
    if logging:
        given = settings.get("spark.driver.extraJavaOptions")
        settings["spark.driver.extraJavaOptions"] = logging if not given else given + " " + logging
    for key, value in settings.items():
        builder = builder.config(key, value)
    return configure(builder).getOrCreate()


def log_java_options(log_file=None):
    """The JVM options that send Spark's log to ``log_file`` (default: $PAIS_LOG_FILE, else pais.log in the
    temporary directory) and pais's lines to the terminal; empty when the package carries no log configuration (a
    source install)."""
    configuration = resources.files("pais") / "conf" / "log4j2.properties"  # the wheel's (python/build-wheel)
    if not configuration.is_file():
        return ""
    options = "-Dlog4j2.configurationFile=file:" + str(configuration)
    target = log_file or os.environ.get("PAIS_LOG_FILE")
    return options + (" -Dpais.log.file=" + os.path.abspath(target) if target else "")


def _pyspark_version():
    try:
        import pyspark
    except ImportError:
        raise PaisError("pais needs PySpark: pip install pyspark (3.5 or 4.0-4.2)") from None
    return pyspark.__version__
