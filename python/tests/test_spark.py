"""pais.spark: which jar a session gets, and the refusals, without starting Spark."""

import os

import pytest
from pyspark.sql import SparkSession

import pais.spark
from pais import PaisError


def test_each_supported_spark_line_maps_to_its_scala_line():
    assert [pais.spark.scala_version(v) for v in ("3.5.9", "4.0.1", "4.1.0", "4.2.0")] == ["2.12"] + ["2.13"] * 3
    for unsupported in ("3.4.1", "4.3.0", "nightly"):
        with pytest.raises(PaisError, match="pais runs on Spark 3.5, 4.0, 4.1, 4.2; this is Spark " + unsupported):
            pais.spark.scala_version(unsupported)


def test_pais_jar_overrides_and_must_name_a_file(tmp_path, monkeypatch):
    built = tmp_path / "pais-spark-0.1.0-SNAPSHOT.jar"
    built.write_bytes(b"PK")
    monkeypatch.setenv("PAIS_JAR", str(built))
    assert pais.spark.jar("3.5.9") == str(built)
    monkeypatch.setenv("PAIS_JAR", str(tmp_path / "missing.jar"))
    with pytest.raises(PaisError, match="PAIS_JAR names no file"):
        pais.spark.jar()


def test_a_source_install_says_where_the_jar_comes_from(monkeypatch):
    monkeypatch.delenv("PAIS_JAR", raising=False)
    bundled = os.path.join(os.path.dirname(pais.spark.__file__), "jars")
    if os.path.isdir(bundled):
        pytest.skip("this package carries its jars (a wheel install)")
    with pytest.raises(PaisError, match="carries no jar for Scala 2.13 .*build-wheel"):
        pais.spark.jar("4.2.0")


def test_configure_adds_the_jar_to_those_already_given(tmp_path, monkeypatch):
    built = tmp_path / "pais.jar"
    built.write_bytes(b"PK")
    monkeypatch.setenv("PAIS_JAR", str(built))
    builder = pais.spark.configure(SparkSession.Builder().config("spark.jars", "/opt/other.jar"))
    assert builder._options["spark.jars"] == "/opt/other.jar," + str(built)
    assert pais.spark.configure(SparkSession.Builder())._options["spark.jars"] == str(built)


def test_a_connect_builder_is_told_the_jar_belongs_to_the_server(tmp_path, monkeypatch):
    built = tmp_path / "pais.jar"
    built.write_bytes(b"PK")
    monkeypatch.setenv("PAIS_JAR", str(built))
    with pytest.raises(PaisError, match="over Spark Connect pais's jar belongs to the server"):
        pais.spark.configure(SparkSession.Builder().config("spark.remote", "sc://localhost"))
