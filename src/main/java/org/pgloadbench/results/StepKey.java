package org.pgloadbench.results;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import org.pgloadbench.recipe.StepKind;

/**
 * Which step a result is of: on which server, in which cell and repetition, on which table, and
 * what within the table it acted on.
 *
 * @param server the server as results name it: its version ({@code 17.6}) or a build's label
 * @param repetition from 1; 0 for what belongs to no repetition (a server that did not start)
 * @param step null for what is no step of a load (a server that did not start)
 * @param object what the step acted on within the table, e.g. the index it built; null for the
 *     table itself
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record StepKey(
    @JsonProperty("pg_version") String server,
    String cell,
    int repetition,
    String table,
    StepKind step,
    String object) {}
