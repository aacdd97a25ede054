"""pais: differentially private k-means for Apache Spark, from Python.

The estimator itself runs in the JVM (the pais jar); :mod:`pais.ml` wraps it for PySpark pipelines.
"""

__version__ = "0.1.0"


class PaisError(ValueError):
    """A run or a setting pais refused: the message names the setting, the rule and the value (never data)."""
