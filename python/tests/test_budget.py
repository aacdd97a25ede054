"""pais.budget: a lasting budget from Python, through the session's JVM."""

import pytest

from pais import PaisError
from pais.budget import Ledger
from pais.ml import PrivateKMeans
from pyspark.ml import Pipeline
from pyspark.ml.feature import VectorAssembler


def fits(**params):
    assembler = VectorAssembler(inputCols=["x1", "x2", "x3", "x4", "x5"], outputCol="features")
    return Pipeline(stages=[assembler, PrivateKMeans(k=6, clipRadius=25.0, seed=3, **params)])


def test_a_ledger_made_from_python_is_spent_by_fits_and_reads_back(spark, blobs, tmp_path):
    ledger = Ledger.create(spark, str(tmp_path / "ledger"), total_epsilon=5.0)
    assert (ledger.total, ledger.spent, ledger.remaining) == ((5.0, 0.0), (0.0, 0.0), (5.0, 0.0))
    fits(epsilon=2.0, budgetLedger=ledger.path).fit(blobs)
    assert ledger.spent == (2.0, 0.0) and ledger.remaining == (3.0, 0.0)
    (release,) = ledger.releases()
    assert (release["claim"], release["state"], release["epsilon"]) == (1, "published", 2.0)
    assert release["details"]["release"].startswith("model ")
    with pytest.raises(PaisError, match="refuses the release"):
        fits(epsilon=3.5, budgetLedger=ledger.path).fit(blobs)
    assert Ledger(spark, ledger.path).remaining == (3.0, 0.0)  # a refused claim spends nothing
    ledger.set_total(8.0, reason="the data owner agreed to more")
    assert ledger.total == (8.0, 0.0) and ledger.remaining == (6.0, 0.0)
    assert ledger.status()["totalChanges"][-1]["details"]["reason"] == "the data owner agreed to more"


def test_bad_ledgers_and_totals_are_one_pais_error(spark, tmp_path):
    path = str(tmp_path / "ledger")
    with pytest.raises(PaisError, match="relation must be add-remove or substitution"):
        Ledger.create(spark, path, total_epsilon=1.0, relation="parallel")
    with pytest.raises(PaisError) as refused:
        Ledger.create(spark, path, total_epsilon=float("nan"))
    assert "epsilon" in str(refused.value) and "\n" not in str(refused.value)
    with pytest.raises(PaisError):
        Ledger(spark, str(tmp_path / "nothing-here"))
    ledger = Ledger.create(spark, path, total_epsilon=1.0, relation="substitution")
    assert ledger.status()["relation"] == "substitution"
    with pytest.raises(PaisError):
        Ledger.create(spark, path, total_epsilon=1.0)  # something exists there now
    with pytest.raises(PaisError, match="needs a reason"):
        ledger.set_total(2.0)
    with pytest.raises(PaisError):
        ledger.give_back(7)  # no such claim
