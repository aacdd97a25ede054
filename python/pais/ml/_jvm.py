"""The bridge to the JVM shared by pais's stages: JVM failures as one PaisError, params checked by the JVM's
validators as they are set, and the Spark Connect test."""

from py4j.protocol import Py4JJavaError
from pyspark import SparkContext
from pyspark.ml.param import Param, Params
from functools import wraps

from pais import PaisError
from pais._settings import DOCS

_JVM_PACKAGE = "io.pais.ml"


def _refusal(error):
    """The one-line message of a JVM failure: pais's own words for bad settings and input, the kind otherwise."""
    throwable = getattr(error, "java_exception", None) or getattr(error, "_origin", None)
    jvm = SparkContext._jvm
    if throwable is None or jvm is None:
        return str(error).strip().splitlines()[0]
    return jvm.io.pais.io.FailureReport.oneLine(throwable)


def _jvm_errors_as_pais_errors(method):
    """Runs ``method``; a JVM exception becomes one PaisError with its one-line message, not a Py4J trace."""

    @wraps(method)
    def wrapper(*args, **kwargs):
        try:
            return method(*args, **kwargs)
        except Py4JJavaError as error:
            message = _refusal(error)
        except Exception as error:  # PySpark's converted JVM exceptions (IllegalArgumentException, …)
            if getattr(error, "_origin", None) is not None:
                message = _refusal(error)
            elif type(error).__module__.startswith("pyspark.errors.exceptions.connect"):
                message = _connect_refusal(error)  # a Spark Connect server's refusal
            else:
                raise
        raise PaisError(message) from None

    return wrapper


def _connect_refusal(error):
    """The server's one line, without the error class Spark puts before it and the JVM trace it adds after."""
    text = (error.getMessage() if hasattr(error, "getMessage") else str(error)).strip()
    line = text.splitlines()[0] if text else type(error).__name__
    for prefix in ("java.lang.IllegalArgumentException: ", "java.lang.IllegalStateException: ",
                   "io.pais.io.InputException: "):
        line = line.split(prefix, 1)[-1]
    return line


def _remote(stage):
    """Whether ``stage`` lives on a Spark Connect server (PySpark then holds its class name or a reference, not a
    Py4J object: the JVM's defaults and validators are not reachable from Python, the server applies them)."""
    return isinstance(stage._java_obj, str) or type(stage._java_obj).__name__ == "RemoteModelRef"


def _refuse_over_connect(stage, what):
    if _remote(stage):
        raise PaisError(what + " is not available over Spark Connect (Spark's allow-list of model methods holds only "
                        "its own models'): save the model and read it with pais.ml.read_privacy_report or "
                        "pais.ml.read_cluster_centers")


# Where a Connect client's model is saved on the server for the reads Spark's Connect ML does not allow (the
# server's default file system; on a cluster, a path every node reaches)
CONNECT_SCRATCH_CONF = "spark.pais.connect.scratch"
_CONNECT_SCRATCH_DEFAULT = "/tmp/pais-connect"


def _saved_on_server(stage):
    """Over Spark Connect: the session and the path where ``stage`` is saved on the server (saved once, at
    ``spark.pais.connect.scratch``/UID), so that its report and centres are read back as data."""
    spark = _connect_session()
    path = getattr(stage, "_saved_path", None)
    if path is None:
        scratch = spark.conf.get(CONNECT_SCRATCH_CONF, _CONNECT_SCRATCH_DEFAULT)
        path = scratch.rstrip("/") + "/" + stage.uid
        stage.write().overwrite().save(path)
        stage._saved_path = path
    return spark, path


def _connect_session():
    from pyspark.sql import SparkSession

    spark = SparkSession.getActiveSession()
    if spark is None:
        from pyspark.sql.connect.session import SparkSession as ConnectSession
        spark = ConnectSession.getActiveSession()
    if spark is None:
        raise PaisError("no active Spark Connect session to read the model through")
    return spark


def _param(name, doc, converter):
    return Param(Params._dummy(), name, doc, typeConverter=converter)


def _setting_param(name, converter):
    """A param of PrivateKMeans with the JVM param's doc (pais._settings, made from the settings' one declaration)."""
    return _param(name, DOCS[name], converter)


class _JvmCheckedParams(Params):
    """Params whose values the JVM's validators check as they are set."""

    def _set(self, **kwargs):
        """Sets params, each checked at once by the JVM's validator (a JVM param pair validates its value on
        construction; nothing is set in the JVM until fit, as PySpark does)."""
        super()._set(**kwargs)
        if getattr(self, "_java_obj", None) is not None and not _remote(self):
            for name in kwargs:
                if kwargs[name] is not None:
                    param = self.getParam(name)
                    _jvm_errors_as_pais_errors(self._make_java_param_pair)(param, self._paramMap[param])
        return self


_KWARG_NAMES = {"lambda_": "lambda"}


def _as_params(kwargs):
    """Keyword arguments as param names (``lambda_`` is ``lambda``), those left as None dropped."""
    return {_KWARG_NAMES.get(name, name): value for name, value in kwargs.items() if value is not None}


def _to_bounds(value):
    """``bounds`` as the JVM takes them ("lo:hi" for every coordinate, or "lo:hi,lo:hi,..." one a coordinate), from
    that text, from ``(lower, upper)`` as diffprivlib takes it (two numbers, or two sequences of one number a
    coordinate, numpy arrays included), or from a list of ``(lo, hi)`` pairs."""
    if isinstance(value, str):
        return value
    try:
        if isinstance(value, tuple) and len(value) == 2:
            lower, upper = value
            if _is_number(lower) and _is_number(upper):
                return _pair(lower, upper)
            lower, upper = list(lower), list(upper)
            if len(lower) != len(upper):
                raise PaisError("bounds=(lower, upper) needs one lower and one upper bound a coordinate, got %d lower "
                                "and %d upper" % (len(lower), len(upper)))
            return ",".join(_pair(lo, hi) for lo, hi in zip(lower, upper))
        pairs = [tuple(pair) for pair in value]
        if pairs and all(len(pair) == 2 for pair in pairs):
            return ",".join(_pair(lo, hi) for lo, hi in pairs)
    except TypeError:
        pass
    raise PaisError("bounds takes 'lo:hi[,lo:hi...]', (lower, upper) as diffprivlib does, or a list of (lo, hi) "
                    "pairs, got %r" % (value,))


def _is_number(value):
    try:
        float(value)
        return not hasattr(value, "__len__")
    except (TypeError, ValueError):
        return False


def _pair(lo, hi):
    return "%r:%r" % (float(lo), float(hi))
