# pgloadbench: make bench SCENARIO=<name or file> [PG=15,17] [SCALE=0.1] [REPEAT=3] [WARMUP=0]
#                                                [DATA=<file.osm.pbf>] [BASE_PG=16]
#                         [TARGET=container|local:<bin dir>|postgresql://user@host/db] [RESUME=<run dir>]
#                         [BUILDS=head=<bin dir>,patch=<bin dir>] [IMAGE=<container image>] [MEMORY=1GB]
#                         [DISK=gp3|hdd-7200|sata-ssd|read=200MB/s,write=100MB/s,read_iops=3000,write_iops=3000]
#                         [INSTRUCTIONS=1]: each step's instructions, the servers under valgrind
#                         [SHARD=2/4 [GROUP=<id>]]: one part of the plan's servers, for one machine of several
#              make report GROUP=<id> [RUNS='results/<scenario> ...']: the shards of a group in one report
#              make plan SCENARIO=...    make test    make test-fast    make report RUN=results/<scenario>/<run-id>
#              make recommend SCENARIO=... [BUDGET=10m]: a race of the cells instead of the matrix
#              make reproduce [PG=...] [SCALE=...]: every published experiment, one combined report
#              make compare RUN=results/<scenario>/<run-id> [BASE_PG=head] [FAIL_ABOVE=5] [FAIL_ON=instructions]   (the servers of one run)
#              make compare BASE=results/<scenario>/<run-id> NEW=results/<scenario>/<run-id> [FAIL_ABOVE=5] [FAIL_ON=total]
#              make -s comment RUN=results/<scenario>/<run-id> | gh issue comment 123 --body-file -
#              make jmh [QUICK=1] [JMH='EncodeBenchmark -p table=ways']
#              make overhead [SCENARIO=middle-pk-freeze] [PG=17] [OVERHEAD_SCALE=20] [REPEAT=8]
#                            [OVERHEAD_PGBENCH=pgbench-init|none] [OVERHEAD_OSM2PGSQL=osm-real|none]
#              make publish RUN=results/<scenario>/<run-id> RESULTS=postgresql://user@host/db; RESULTS= on bench,
#                           recommend and reproduce publishes each run too (docs/results-database.md)
#              make scaling [SCENARIO=ways-binary-freeze] [PG=17] [SCALES='0.25 1 4'] [REPEAT=3]
#                           [PREDICT=nodes=7646463672,ways=854479032,rels=9855838] [MEMORY=256MB]
#              make history SCENARIO=... [CELL=...] [STEP=copy] [AGAINST=head] [RESULTS=postgresql://user@host/db] [FAIL_ON_CHANGE=1]

SCENARIO ?=
PG ?=
SCALE ?=
REPEAT ?=
WARMUP ?=
DATA ?=
TARGET ?=
BUILDS ?=
IMAGE ?=
MEMORY ?=
INSTRUCTIONS ?=
BUDGET ?=
DISK ?=
RESUME ?=
RUN ?=
# A results database the runs are published to: postgresql://user[:password]@host[:port]/db.
RESULTS ?=
SHARD ?=
GROUP ?=
RUNS ?= results
# The scenarios of make reproduce, one or more per published experiment, in this order.
REPRODUCE ?= middle-pk-freeze,ways-binary-freeze,ways-parallel-copy,ways-unlogged,middle-indexes,middle-vacuum-freeze,middle-planet-regime,osm-real,bulk-settings,gist-build-versions,gin-fastupdate,gin-identical-wide,gin-identical-narrow,pgbench-init
BASE_PG ?=
BASE ?=
NEW ?=
FAIL_ABOVE ?=
FAIL_ON ?=
FLAGS ?=
JMH ?=
QUICK ?=
MVN ?= mvn -B -q -Dstyle.color=never
JAVA ?= java
JAR := target/pgloadbench.jar
SOURCES := pom.xml $(shell find src/main -type f 2>/dev/null)
PGLOADBENCH = $(JAVA) -Dpgloadbench.postgres.jars=target/postgres -jar $(JAR)
OVERRIDES = --pg "$(PG)" --scale "$(SCALE)" --repeat "$(REPEAT)" --warmup "$(WARMUP)" \
  --data "$(DATA)" --target "$(TARGET)" --builds "$(BUILDS)" --image "$(IMAGE)" --memory "$(MEMORY)" --disk "$(DISK)" --budget "$(BUDGET)" \
  $(if $(filter-out 0 no false off,$(INSTRUCTIONS)),--instructions) --results-db "$(RESULTS)" $(FLAGS)

# The container target (Testcontainers reads these from the environment only): no Ryuk, whose
# image may not be pullable (the harness stops its own containers), and Docker on this host unless
# DOCKER_HOST says otherwise.
export TESTCONTAINERS_RYUK_DISABLED ?= true
ifeq ($(DOCKER_HOST),)
export TESTCONTAINERS_HOST_OVERRIDE ?= localhost
endif

.PHONY: build bench plan report reproduce compare comment test test-fast clean jmh overhead scaling recommend history publish

build: $(JAR)

# Maven fetches the dependencies and the PostgreSQL binaries (target/postgres) on the first build.
$(JAR): $(SOURCES)
	$(MVN) -DskipTests package

bench: $(JAR) require-scenario
	@$(PGLOADBENCH) bench "$(SCENARIO)" $(OVERRIDES) --base-pg "$(BASE_PG)" --resume "$(RESUME)" --shard "$(SHARD)" --group "$(GROUP)"

# A race of the scenario's cells on one version instead of the full matrix (BUDGET= per server).
recommend: no-shard $(JAR) require-scenario
	@$(PGLOADBENCH) recommend "$(SCENARIO)" $(OVERRIDES)

plan: $(JAR) require-scenario
	@$(PGLOADBENCH) plan "$(SCENARIO)" $(OVERRIDES) --base-pg "$(BASE_PG)" --shard "$(SHARD)" --group "$(GROUP)"

reproduce: no-shard $(JAR)
	@$(PGLOADBENCH) reproduce "$(REPRODUCE)" $(OVERRIDES)

report: $(JAR)
	@test -n "$(RUN)$(GROUP)" || { echo "usage: make report RUN=results/<scenario>/<run-id>, or GROUP=<id> [RUNS=<results dirs>]" >&2; exit 2; }
	@if [ -n "$(GROUP)" ]; then $(PGLOADBENCH) group "$(GROUP)" $(RUNS); \
	else $(PGLOADBENCH) report "$(RUN)" --base-pg "$(BASE_PG)"; fi

compare: $(JAR)
	@test -n "$(RUN)" -o \( -n "$(BASE)" -a -n "$(NEW)" \) || { echo "usage: make compare RUN=results/<scenario>/<run-id> [BASE_PG=head] [FAIL_ABOVE=5], or BASE=results/<scenario>/<run-id> NEW=results/<scenario>/<run-id> [FAIL_ABOVE=5] [FAIL_ON=total]" >&2; exit 2; }
	@if [ -n "$(RUN)" ]; then $(PGLOADBENCH) compare "$(RUN)" --base-pg "$(BASE_PG)" --fail-above "$(FAIL_ABOVE)" --fail-on "$(FAIL_ON)"; \
	else $(PGLOADBENCH) compare "$(BASE)" "$(NEW)" --fail-above "$(FAIL_ABOVE)" --fail-on "$(FAIL_ON)"; fi

publish: $(JAR)
	@test -n "$(RUN)" -a -n "$(RESULTS)" || { echo "usage: make publish RUN=results/<scenario>/<run-id> RESULTS=postgresql://user@host:port/db" >&2; exit 2; }
	@$(PGLOADBENCH) publish "$(RUN)" --results-db "$(RESULTS)"

# Prints comment.md alone, so that `make -s comment RUN=... | gh issue comment N --body-file -` works.
comment: $(JAR)
	@test -n "$(RUN)" || { echo "usage: make -s comment RUN=results/<scenario>/<run-id> [BASE_PG=16]" >&2; exit 2; }
	@$(PGLOADBENCH) comment "$(RUN)" --base-pg "$(BASE_PG)"

# Not quiet: Surefire's summary (Tests run: ...) is the line CI and people read.
test:
	mvn -B -ntp -Dstyle.color=never test

# The tests that start no server: those tagged server (PostgreSQL, docker, valgrind, osm2pgsql,
# pgbench) are left out; ServerTagTest keeps the tag on every class that starts one.
test-fast:
	mvn -B -ntp -Dstyle.color=never test -Dtests.excluded=server

# JMH benchmarks of generating and encoding rows (src/jmh/java); JSON results under results/jmh/.
# QUICK=1 is a smoke run (one fork, short iterations): its figures are rough.
JMH_QUICK := -f 1 -wi 1 -w 1s -i 3 -r 1s
jmh:
	$(MVN) -Pjmh -DskipTests package
	@mkdir -p results/jmh
	$(JAVA) -jar target/jmh/benchmarks.jar $(if $(QUICK),$(JMH_QUICK)) -rf json -rff results/jmh/$$(date -u +%Y%m%d-%H%M%S).json $(JMH)

# The harness's streamed COPY against psql's \copy and a server-side COPY FROM of the same bytes,
# at OVERHEAD_SCALE (unless SCALE= is given): 20 makes the nodes of middle-pk-freeze (6,000,000)
# load for over a second with 1, 2 and 4 connections, so the ratios are not start-up and scheduling;
# OVERHEAD_SCALE=1 gives the short loads (0.005-0.13 s) of the scenario as it ships.
OVERHEAD_SCALE ?= 20
OVERHEAD_FORMATS ?= text,binary
OVERHEAD_CONNECTIONS ?= 1,2,4
# Then pgbench -i -s N and osm2pgsql --slim -O null against the harness's cells (none: leave out).
OVERHEAD_PGBENCH ?= pgbench-init
OVERHEAD_PGBENCH_SCALE ?= 10
OVERHEAD_OSM2PGSQL ?= osm-real
overhead: $(JAR)
	@$(PGLOADBENCH) overhead "$(or $(SCENARIO),middle-pk-freeze)" --pg "$(or $(PG),17)" --scale "$(or $(SCALE),$(OVERHEAD_SCALE))" --repeat "$(REPEAT)" --warmup "$(WARMUP)" --data "$(DATA)" \
	  --memory "$(MEMORY)" --disk "$(DISK)" --budget "$(BUDGET)" $(if $(filter-out 0 no false off,$(INSTRUCTIONS)),--instructions) \
	  --formats $(OVERHEAD_FORMATS) --connections $(OVERHEAD_CONNECTIONS) --pgbench-scenario $(OVERHEAD_PGBENCH) \
	  --pgbench-scale $(OVERHEAD_PGBENCH_SCALE) --osm2pgsql-scenario $(OVERHEAD_OSM2PGSQL) $(FLAGS)

# Any scenario at several scales (SCALES, else its scales:, else 1 3 10), with the harness's peak
# RSS at each: time against rows, claims per scale, time per row and slope; PREDICT=nodes=N,...
# adds each cell's predicted time and ratio at those rows. Report under reports/scaling/.
SCALES ?=
PREDICT ?=
scaling: $(JAR)
	@JAVA="$(JAVA)" scripts/scaling.sh "$(or $(SCENARIO),ways-binary-freeze)" "$(or $(PG),17)" "$(SCALES)" "$(or $(REPEAT),3)" "$(PREDICT)" "$(MEMORY)"

# Change points in every run of a scenario (docs/history.md); FAIL_ON_CHANGE=1 exits 3 when the
# newest runs of a series start a slower segment, for a CI job.
CELL ?=
STEP ?=
AGAINST ?=
FAIL_ON_CHANGE ?=
history: $(JAR)
	@test -n "$(SCENARIO)" || { echo "usage: make history SCENARIO=<name> [CELL=...] [STEP=copy] [RESULTS=postgresql://user@host/db] [FAIL_ON_CHANGE=1]" >&2; exit 2; }
	@$(PGLOADBENCH) history "$(SCENARIO)" --cell "$(CELL)" --step "$(STEP)" --against "$(AGAINST)" --results "$(RESULTS)" \
	  $(if $(filter-out 0 no false off,$(FAIL_ON_CHANGE)),--fail-on-change)

clean:
	$(MVN) clean

# SHARD= and GROUP= split one plan over machines: bench and plan take them, the others would run
# the whole plan without a word.
.PHONY: no-shard
no-shard:
	@test -z "$(SHARD)$(GROUP)" || { echo "SHARD= and GROUP= are for make bench and make plan; leave them out of make $(MAKECMDGOALS)" >&2; exit 2; }

.PHONY: require-scenario
require-scenario:
	@test -n "$(SCENARIO)" || { echo "usage: make bench SCENARIO=<name under scenarios/ or a YAML file> [PG=15,17] [SCALE=0.1] [REPEAT=3]; scenarios: $$(ls scenarios | sed -n 's/\.yaml$$//p' | tr '\n' ' ')" >&2; exit 2; }
