"""The console scripts of the wheel: ``pais`` (the job, through the spark-submit PySpark ships) and ``pais-budget``
(the budget ledger), each with the jar the package carries for the installed PySpark's Spark line."""

import os
import shutil
import sys

from pais import PaisError
from pais.spark import jar, log_java_options


def job(argv=None):
    """``pais [job flags]``: a release with spark-submit (local[*] unless ``--master`` or SPARK_HOME's defaults say
    otherwise). Spark's own log goes to $PAIS_LOG_FILE (default: pais.log in the temporary directory); the terminal
    gets pais's lines."""
    args = sys.argv[1:] if argv is None else argv
    try:
        submit = os.path.join(_spark_home(), "bin", "spark-submit")
        logging = log_java_options()
        options = ["--driver-java-options", logging] if logging else []
        command = [submit, "--conf", "spark.ui.enabled=false"] + options + ["--class", "io.pais.job.PaisJob", jar()]
        command += args
    except PaisError as error:
        return _refuse(error)
    return _run(command)


def connect_server(argv=None):
    """``pais-connect-server [--port PORT] [spark-submit options]``: a Spark Connect server with pais's jar (Spark 4.x:
    ML over Connect needs it), in the foreground until it is stopped (Ctrl-C or SIGTERM). Clients then connect with
    ``SparkSession.builder.remote("sc://HOST:PORT")`` (default port 15002)."""
    args = sys.argv[1:] if argv is None else list(argv)
    port = "15002"
    if "--port" in args:
        at = args.index("--port")
        if at + 1 >= len(args):
            return _refuse(PaisError("--port needs a number"))
        port = args[at + 1]
        del args[at:at + 2]
    try:
        from pais.spark import scala_version, _pyspark_version

        if scala_version() == "2.12":
            raise PaisError("Spark ML over Spark Connect needs Spark 4; this is PySpark " + _pyspark_version())
        submit = os.path.join(_spark_home(), "bin", "spark-submit")
        logging = log_java_options()
        options = ["--driver-java-options", logging] if logging else []
        command = [submit, "--class", "org.apache.spark.sql.connect.service.SparkConnectServer", "--jars", jar(),
                   "--conf", "spark.connect.grpc.binding.port=" + port, "--conf", "spark.ui.enabled=false"]
        command += options + args  # spark-submit runs the server as an internal class: no application jar
    except PaisError as error:
        return _refuse(error)
    return _run(command)


def budget(argv=None):
    """``pais-budget create|show ...``: the budget ledger (no Spark job; a Hadoop path, HADOOP_CONF_DIR honoured)."""
    args = sys.argv[1:] if argv is None else argv
    try:
        java = os.path.join(os.environ["JAVA_HOME"], "bin", "java") if os.environ.get("JAVA_HOME") else shutil.which(
            "java")
        if not java:
            raise PaisError("pais-budget needs Java 17 or newer: set JAVA_HOME or put java on the PATH")
        classpath = [jar(), os.path.join(_spark_home(), "jars", "*")]
        if os.environ.get("HADOOP_CONF_DIR"):
            classpath.insert(0, os.environ["HADOOP_CONF_DIR"])
        command = [java, "-Xmx" + os.environ.get("PAIS_BUDGET_MEMORY", "512m"), "-cp", os.pathsep.join(classpath),
                   "io.pais.job.BudgetTool"] + args
    except PaisError as error:
        return _refuse(error)
    return _run(command)


def _run(command):
    """Becomes ``command`` (exec): a signal to this process reaches the JVM, and its exit code is the command's."""
    sys.stdout.flush()
    sys.stderr.flush()
    os.execv(command[0], command)


def _spark_home():
    try:
        from pyspark.find_spark_home import _find_spark_home
    except ImportError:
        raise PaisError("pais needs PySpark: pip install pyspark (3.5 or 4.0-4.2)") from None
    return _find_spark_home()


def _refuse(error):
    print("pais: " + str(error), file=sys.stderr)
    return 2
