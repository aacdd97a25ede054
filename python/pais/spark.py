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

__all__ = ["configure", "jar", "scala_version", "session"]

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


def session(master="local[*]", app_name="pais", conf=None):
    """A SparkSession with pais's jar: ``master`` (None: the one spark-submit or the environment gives), and any
    other settings in ``conf`` (a dict). An existing session is returned as it is, as ``getOrCreate`` does."""
    from pyspark.sql import SparkSession

    builder = SparkSession.builder.appName(app_name)
    if master:
        builder = builder.master(master)
    for key, value in (conf or {}).items():
        builder = builder.config(key, value)
    return configure(builder).getOrCreate()


def _pyspark_version():
    try:
        import pyspark
    except ImportError:
        raise PaisError("pais needs PySpark: pip install pyspark (3.5 or 4.0-4.2)") from None
    return pyspark.__version__
