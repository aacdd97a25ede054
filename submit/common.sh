#!/usr/bin/env bash
# Shared by the cluster launch scripts: finds (or builds) the job jar and runs spark-submit from SPARK_HOME
# with conf/spark-defaults.conf. Source it, then call pais_submit with master-specific options before "--".
set -euo pipefail
PAIS_ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"

pais_jar() {
  local version jar
  version="$(sed -n 's:.*<version>\(.*\)</version>.*:\1:p' "$PAIS_ROOT/pom.xml" | head -1)"
  jar="$PAIS_ROOT/target/pais-spark-${version}.jar"
  if [ ! -f "$jar" ]; then
    echo "pais: building $jar" >&2
    (cd "$PAIS_ROOT" && mvn -q -B --no-transfer-progress -DskipTests package)
  fi
  echo "$jar"
}

# pais_submit [spark-submit options...] -- [job flags...]
pais_submit() {
  if [ -z "${SPARK_HOME:-}" ] || [ ! -x "$SPARK_HOME/bin/spark-submit" ]; then
    echo "pais: set SPARK_HOME to a Spark 3.5.x installation (submit/pais-local needs none)" >&2
    exit 2
  fi
  local spark_args=()
  while [ "$#" -gt 0 ] && [ "$1" != "--" ]; do spark_args+=("$1"); shift; done
  [ "$#" -gt 0 ] && shift
  exec "$SPARK_HOME/bin/spark-submit" \
    --properties-file "${PAIS_SPARK_DEFAULTS:-$PAIS_ROOT/conf/spark-defaults.conf}" \
    --class io.pais.job.PaisJob \
    "${spark_args[@]}" \
    "${PAIS_JAR:-$(pais_jar)}" "$@"
}
