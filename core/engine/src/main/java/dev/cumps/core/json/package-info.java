/**
 * Concern: output format.
 *
 * Main types: {@code Json.write} = Python's {@code json.dumps(indent=2, sort_keys=True)}, {@code Json.read} strict
 * (duplicate keys, trailing data, non-finite numbers refused). Writing is hand-written (what jackson-core's generator
 * wrote, compared by {@code JsonWriterTest}), so a command that reads no record loads no Jackson class; reading is
 * jackson-core streaming only, databind stays in the simulator.
 *
 * {@code JsonMessages}: why a document is not valid JSON, and refusals to write a value.
 */
package dev.cumps.core.json;
