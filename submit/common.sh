#!/usr/bin/env bash
# Shared by the cluster launch scripts (pais-standalone, pais-yarn, pais-k8s): finds (or builds) the job jar and
# runs $SPARK_HOME/bin/spark-submit with pais's Spark settings merged into the cluster's own. Source it, then call
# pais_submit with the script's spark-submit options, "--", and the job's flags.
#
# Spark settings, later ones winning:
#   1. the cluster's $SPARK_CONF_DIR/spark-defaults.conf (default $SPARK_HOME/conf), which spark-submit loads itself
#      (pais never passes --properties-file, which would make Spark skip that file);
#   2. pais's conf/spark-defaults.conf (PAIS_SPARK_DEFAULTS: another file of the same form), passed as --conf: a key
#      the cluster already sets keeps the cluster's value, except spark.{driver,executor}.extraJavaOptions, to which
#      pais's options are appended;
#   3. the launch script's options (master, deploy mode, the driver's logging);
#   4. PAIS_SUBMIT_OPTS (split at spaces), then spark-submit options given on the command line before a "--":
#        PAIS_SUBMIT_OPTS="--executor-memory 2g --conf spark.eventLog.enabled=true" submit/pais-standalone ...
#        submit/pais-standalone --executor-cores 1 -- --input ... --k 10 ...
set -euo pipefail
PAIS_ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"

# pais_check_master URL: refuses (one line, exit 2) what is not a Spark master URL, before Spark prints a trace.
pais_check_master() {
  case "$1" in
    local|local\[[0-9*]*\]|local\[[0-9*]*,[0-9]*\]|local-cluster\[*\]|spark://?*|yarn|k8s://?*|mesos://?*) ;;
    *) echo "pais: PAIS_MASTER (or --master) '$1' is not a Spark master URL: local[N], local[*], spark://HOST:PORT," \
         "yarn or k8s://URL" >&2
       exit 2 ;;
  esac
}

# pais_log_folder FILE: creates the folder of the driver's log file, or says in one line (exit 2) that it cannot.
pais_log_folder() {
  local dir
  dir="$(dirname "$1")"
  if ! mkdir -p "$dir" 2>/dev/null || [ ! -w "$dir" ]; then
    echo "pais: cannot write the log file $1 (its folder cannot be created or written); set PAIS_LOG_FILE to a" \
      "writable path" >&2
    exit 2
  fi
}

# pais_mvn ARGS...: quiet Maven in the project; its output on stderr. Maven prints colour resets even in batch mode:
# they are dropped with the blank lines they leave.
pais_mvn() {
  (cd "$PAIS_ROOT" && mvn -q -B --no-transfer-progress -Dstyle.color=never "$@") 2>&1 | sed -e $'s/\x1b\\[[0-9;]*m//g' -e '/^$/d' >&2
}

# pais_classpath NAME [test]: the classpath of a tool that runs from the compiled classes (pais-privacy, pais-budget):
# target/classes and the dependencies, Spark's included; with "test" (pais-experiments, whose sources in
# src/experiments compile with the tests and stay out of the job jar) target/test-classes and the test dependencies
# too. Compiled first when missing or older than the sources, saying so as NAME on stderr.
pais_classpath() {
  local goal=compile scope=provided classes="$PAIS_ROOT/target/classes" sources=(pom.xml src/main)
  if [ "${2:-}" = test ]; then
    goal=test-compile scope=test classes="$classes:$PAIS_ROOT/target/test-classes" sources+=(src/experiments src/test)
  fi
  local file="$PAIS_ROOT/target/$scope-classpath.txt"
  if [ ! -d "$PAIS_ROOT/target/classes" ] || [ ! -f "$file" ] \
      || [ -n "$(cd "$PAIS_ROOT" && find "${sources[@]}" -newer "$file" -print -quit)" ]; then
    echo "$1: compiling..." >&2
    pais_mvn "$goal"
    pais_mvn dependency:build-classpath -Dmdep.includeScope="$scope" -Dmdep.outputFile="$file"
    touch "$file" # the plugin leaves an unchanged file as it was: its time must say the classes are fresh
  fi
  echo "$classes:$(cat "$file")"
}

# The job jar; built when missing or older than the sources (as submit/pais-local does). Maven's output goes to
# stderr: only the path is printed.
pais_jar() {
  local version jar
  version="$(sed -n 's:.*<version>\(.*\)</version>.*:\1:p' "$PAIS_ROOT/pom.xml" | head -1)"
  jar="$PAIS_ROOT/target/pais-spark-${version}.jar"
  if [ ! -f "$jar" ] || [ -n "$(cd "$PAIS_ROOT" && find pom.xml src/main -newer "$jar" -print -quit)" ]; then
    echo "pais: building $jar" >&2
    pais_mvn -DskipTests package
    touch "$jar"
    if [ ! -f "$jar" ]; then
      echo "pais: the build did not produce $jar" >&2
      exit 2
    fi
  fi
  printf '%s\n' "$jar"
}

# pais_conf_entries FILE: one "key<TAB>value" line per property of a spark-defaults.conf-style file (key and value
# separated by whitespace, '=' or ':'; '#' and '!' start comments; no line continuations).
pais_conf_entries() {
  [ -f "$1" ] || return 0
  sed -e 's/^[[:space:]]*//' -e '/^$/d' -e '/^[#!]/d' \
    -e 's/^\([^[:space:]=:]*\)[[:space:]]*[=:]\{0,1\}[[:space:]]*/\1\t/' -e 's/[[:space:]]*$//' "$1"
}

# pais_option NAME DEFAULT ARGS...: the value of spark-submit option NAME (e.g. --master) in ARGS, the last one
# winning, or DEFAULT
pais_option() {
  local name="$1" value="$2"
  shift 2
  while [ "$#" -gt 0 ]; do
    case "$1" in
      "$name") value="${2:-}"; [ "$#" -gt 1 ] && shift ;;
      "$name"=*) value="${1#"$name"=}" ;;
    esac
    shift
  done
  printf '%s\n' "$value"
}

# pais_require_cluster_paths JOB_FLAGS...: in standalone cluster mode the driver runs in a worker's directory, so a
# relative --input, --output or --config (as "--flag value" or "--flag=value") would name a path there: refuse it
pais_require_cluster_paths() {
  local flag="" arg value path paths
  for arg in "$@"; do
    case "$flag|$arg" in
      --input\|*|--output\|*|--config\|*) value="$arg" ;;
      *\|--input=*|*\|--output=*|*\|--config=*) flag="${arg%%=*}"; value="${arg#*=}" ;;
      *) flag="$arg"; continue ;;
    esac
    IFS=',' read -r -a paths <<< "$value"
    for path in "${paths[@]}"; do
      case "$path" in
        /*|*://*|*:/*) ;;
        *) echo "pais: $flag $path is relative, but in cluster mode the driver runs in a worker's directory:" \
             "give an absolute path or a URI that every node can read" >&2
           exit 2 ;;
      esac
    done
    flag=""
  done
}

# pais_submit [spark-submit options...] -- [job flags...]
pais_submit() {
  if [ -z "${SPARK_HOME:-}" ] || [ ! -x "$SPARK_HOME/bin/spark-submit" ]; then
    echo "pais: set SPARK_HOME to a Spark 3.5.x installation (submit/dev-spark-home DIR assembles one from Maven" \
      "Central; submit/pais-local needs none)" >&2
    exit 2
  fi
  local script_args=() user_args=() job_args=() i
  while [ "$#" -gt 0 ] && [ "$1" != "--" ]; do script_args+=("$1"); shift; done
  [ "$#" -gt 0 ] && shift
  job_args=("$@")
  # spark-submit options the user put before a "--" of their own
  for i in "${!job_args[@]}"; do
    if [ "${job_args[$i]}" = "--" ]; then
      user_args=("${job_args[@]:0:i}")
      job_args=("${job_args[@]:i+1}")
      break
    fi
  done
  local env_args=()
  if [ -n "${PAIS_SUBMIT_OPTS:-}" ]; then
    read -r -a env_args <<< "$PAIS_SUBMIT_OPTS"
  fi
  local deploy_mode master
  deploy_mode="$(pais_option --deploy-mode client "${script_args[@]}" "${env_args[@]}" "${user_args[@]}")"
  master="$(pais_option --master "" "${script_args[@]}" "${env_args[@]}" "${user_args[@]}")"
  pais_check_master "$master"
  case "$master" in
    spark://127.0.0.1:*|spark://localhost:*)
      # a master on the loopback interface: keep the driver there too (Spark would pick another interface and warn)
      export SPARK_LOCAL_IP="${SPARK_LOCAL_IP:-127.0.0.1}" ;;
  esac
  if [ "$deploy_mode" = cluster ] && [[ "$master" == spark://* ]]; then
    pais_require_cluster_paths "${job_args[@]}"
    echo "pais: standalone cluster mode is fire-and-forget: Spark's standalone client exits 0 whatever the driver's" \
      "final state; follow the driver (its state, and its stderr holding the pais: lines) on the master's web UI" >&2
  fi

  # 1 + 2: pais's settings under the cluster's
  local cluster_conf="${SPARK_CONF_DIR:-$SPARK_HOME/conf}/spark-defaults.conf"
  local pais_conf="${PAIS_SPARK_DEFAULTS:-$PAIS_ROOT/conf/spark-defaults.conf}"
  if [ ! -f "$pais_conf" ]; then
    echo "pais: PAIS_SPARK_DEFAULTS names no file: $pais_conf" >&2
    exit 2
  fi
  declare -A cluster=()
  local key value
  while IFS=$'\t' read -r key value; do cluster["$key"]="$value"; done < <(pais_conf_entries "$cluster_conf")
  local conf_args=() driver_options=""
  while IFS=$'\t' read -r key value; do
    case "$key" in
      spark.driver.extraJavaOptions) driver_options="${cluster[$key]:+${cluster[$key]} }$value" ;;
      spark.executor.extraJavaOptions) conf_args+=(--conf "$key=${cluster[$key]:+${cluster[$key]} }$value") ;;
      *) [ -n "${cluster[$key]+set}" ] || conf_args+=(--conf "$key=$value") ;;
    esac
  done < <(pais_conf_entries "$pais_conf")
  [ -n "$driver_options" ] || driver_options="${cluster[spark.driver.extraJavaOptions]:-}"

  # 3: the driver's logging. Client mode: the driver runs here, with pais's log4j2.properties by absolute URI (the
  # terminal gets pais's lines; Spark's log, its warnings and any trace go to PAIS_LOG_FILE). Cluster mode: the
  # launch script ships or names the file (PAIS_CLUSTER_LOG4J).
  local log_options
  if [ "$deploy_mode" = client ]; then
    local log_file="${PAIS_LOG_FILE:-$PAIS_ROOT/logs/pais.log}"
    pais_log_folder "$log_file"
    log_options="-Dlog4j2.configurationFile=file:$PAIS_ROOT/conf/log4j2.properties -Dpais.log.file=$log_file"
  else
    log_options="${PAIS_CLUSTER_LOG4J:+-Dlog4j2.configurationFile=$PAIS_CLUSTER_LOG4J}"
  fi
  conf_args+=(--conf "spark.driver.extraJavaOptions=${driver_options}${log_options:+ $log_options}")

  local jar="${PAIS_JAR:-}"
  [ -n "$jar" ] || jar="$(pais_jar)"
  # the JVM announces the incubator vector module on stderr at start; that notice is filtered, the rest passes
  exec "$SPARK_HOME/bin/spark-submit" \
    --class io.pais.job.PaisJob \
    "${conf_args[@]}" \
    "${script_args[@]}" \
    "${env_args[@]}" \
    "${user_args[@]}" \
    "$jar" "${job_args[@]}" 2> >(grep -v --line-buffered '^WARNING: Using incubator modules' >&2)
}
