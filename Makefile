# pgloadbench: make bench SCENARIO=<name or file> [PG=15,17] [SCALE=0.1] [REPEAT=3] [WARMUP=0]
#              make plan SCENARIO=...    make test    make report RUN=results/<scenario>/<run-id>
#              make reproduce [PG=...] [SCALE=...]: every published experiment, one combined report

SCENARIO ?=
PG ?=
SCALE ?=
REPEAT ?=
WARMUP ?=
RUN ?=
# The scenarios of make reproduce, one or more per published experiment, in this order.
REPRODUCE ?= middle-pk-freeze,ways-binary-freeze,ways-parallel-copy,gin-fastupdate,gist-build-versions,pgbench-init
MVN ?= mvn -B -q -Dstyle.color=never
JAVA ?= java
JAR := target/pgloadbench.jar
SOURCES := pom.xml $(shell find src/main -type f 2>/dev/null)
PGLOADBENCH = $(JAVA) -Dpgloadbench.postgres.jars=target/postgres -jar $(JAR)
OVERRIDES = --pg "$(PG)" --scale "$(SCALE)" --repeat "$(REPEAT)" --warmup "$(WARMUP)"

.PHONY: build bench plan report reproduce test clean

build: $(JAR)

# Maven fetches the dependencies and the PostgreSQL binaries (target/postgres) on the first build.
$(JAR): $(SOURCES)
	$(MVN) -DskipTests package

bench: $(JAR) require-scenario
	@$(PGLOADBENCH) bench "$(SCENARIO)" $(OVERRIDES)

plan: $(JAR) require-scenario
	@$(PGLOADBENCH) plan "$(SCENARIO)" $(OVERRIDES)

reproduce: $(JAR)
	@$(PGLOADBENCH) reproduce "$(REPRODUCE)" $(OVERRIDES)

report: $(JAR)
	@test -n "$(RUN)" || { echo "usage: make report RUN=results/<scenario>/<run-id>" >&2; exit 2; }
	@$(PGLOADBENCH) report "$(RUN)"

# Not quiet: Surefire's summary (Tests run: ...) is the line CI and people read.
test:
	mvn -B -ntp -Dstyle.color=never test

clean:
	$(MVN) clean

.PHONY: require-scenario
require-scenario:
	@test -n "$(SCENARIO)" || { echo "usage: make bench SCENARIO=<name under scenarios/ or a YAML file> [PG=15,17] [SCALE=0.1] [REPEAT=3]; scenarios: $$(ls scenarios | sed -n 's/\.yaml$$//p' | tr '\n' ' ')" >&2; exit 2; }
