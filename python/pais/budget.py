"""A privacy budget that lasts across releases, from Python: the ledger ``pais-budget`` makes and every release run
with ``--budget-ledger`` (the job) or ``budgetLedger`` (the Estimator) claims its (epsilon, delta) from first.

    from pais.budget import Ledger
    ledger = Ledger.create(spark, "hdfs:///ledgers/patients", total_epsilon=10)
    PrivateKMeans(..., budgetLedger=ledger.path).fit(frame)
    ledger.remaining            # (epsilon, delta) left
    ledger.releases()           # one dict a claim: its state, amount, time, output

The ledger is files on any Hadoop path, read and written through the session's JVM with its Hadoop configuration
(a classic session: over Spark Connect, ``pais-budget show --json PATH`` on a machine with the jar reads it).
Releases compose by basic sequential composition under the ledger's neighbouring relation.
"""

import json

from pyspark import SparkContext

from pais import PaisError
from pais.ml._jvm import _jvm_errors_as_pais_errors

__all__ = ["Ledger"]


class Ledger:
    """The budget ledger at ``path``: what it allows, what its releases spent and what is left."""

    def __init__(self, spark, path, allow_non_atomic_rename=False):
        self._spark = spark
        self.path = path
        self._allow_non_atomic_rename = bool(allow_non_atomic_rename)
        self._jvm_ledger = _open(spark, path, self._allow_non_atomic_rename)

    @staticmethod
    @_jvm_errors_as_pais_errors
    def create(spark, path, total_epsilon, total_delta=0.0, relation="add-remove", allow_non_atomic_rename=False):
        """Makes a ledger at ``path`` (where nothing exists yet) with a total (epsilon, delta), its releases composed
        under ``relation`` ("add-remove", or "substitution", under which an add/remove release counts twice its
        epsilon), and returns it."""
        jvm = _jvm(spark)
        parsed = jvm.io.pais.budget.BudgetLedger.parseRelation(relation)
        if parsed is None:
            raise PaisError("relation must be add-remove or substitution, got %r" % (relation,))
        jvm.io.pais.budget.BudgetLedger.create(path, float(total_epsilon), float(total_delta), parsed,
                                               _hadoop_conf(spark), bool(allow_non_atomic_rename))
        return Ledger(spark, path, allow_non_atomic_rename)

    @_jvm_errors_as_pais_errors
    def status(self):
        """The whole status as a dict, as ``pais-budget show --json`` prints it: ``total``, ``spent``, ``remaining``
        (each with ``epsilon`` and ``delta``), ``relation``, ``releases`` and ``totalChanges``."""
        jvm = _jvm(self._spark)
        return json.loads(jvm.io.pais.budget.BudgetStatusJson.text(self.path, self._jvm_ledger.read()))

    @property
    def total(self):
        """The total (epsilon, delta) the ledger allows."""
        return _pair(self.status()["total"])

    @property
    def spent(self):
        """The (epsilon, delta) its claims spent (a claim that reached reading stays spent)."""
        return _pair(self.status()["spent"])

    @property
    def remaining(self):
        """The (epsilon, delta) left for further releases."""
        return _pair(self.status()["remaining"])

    def releases(self):
        """One dict a claim, oldest first: ``claim`` (its number), ``state`` (claimed, reading, published, failed or
        returned), ``epsilon``, ``delta``, ``time``, ``details`` (what claimed it: the output or the model) and, once
        published, ``release``."""
        return self.status()["releases"]

    @_jvm_errors_as_pais_errors
    def give_back(self, claim, reason="returned by its owner: the run never read data"):
        """Returns a claim whose run never started reading data (state claimed); one that reached reading is spent."""
        self._jvm_ledger.giveBack(int(claim), reason)

    @_jvm_errors_as_pais_errors
    def set_total(self, epsilon, delta=None, reason=None):
        """Raises or lowers the total (never below what is spent), recorded in the ledger with ``reason``."""
        if not reason:
            raise PaisError("set_total needs a reason: the ledger records why its total changed")
        new_delta = self.total[1] if delta is None else float(delta)
        self._jvm_ledger.setTotal(float(epsilon), new_delta, reason)

    def __repr__(self):
        return "Ledger(%r)" % (self.path,)


@_jvm_errors_as_pais_errors
def _open(spark, path, allow_non_atomic_rename):
    return _jvm(spark).io.pais.budget.BudgetLedger.open(path, _hadoop_conf(spark), allow_non_atomic_rename)


def _jvm(spark):
    if SparkContext._jvm is None or getattr(spark, "_jsc", None) is None:
        raise PaisError("pais.budget reads the ledger through the session's JVM, which a Spark Connect client cannot "
                        "reach: use a classic session, or pais-budget show --json PATH where the jar is")
    return SparkContext._jvm


def _hadoop_conf(spark):
    return spark._jsc.hadoopConfiguration()


def _pair(amount):
    return amount["epsilon"], amount["delta"]
