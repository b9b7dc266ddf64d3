/**
 * Concern: several workstations read over the user's own OpenSSH (decision 0012).
 *
 * Main types: {@code Destination} (an ssh destination, validated here: no word a shell or ssh would
 * read as an option or a command), {@code HostList} (the user's hosts file, 0600, read through
 * {@code SafeFiles}, written atomically), {@code RemoteCommand} (the fixed words run on a host:
 * {@code cumps} and validated names and selectors), {@code SshCommand} (the one way a host is reached:
 * the user's {@code ssh} with fixed options, {@code --}, an explicit environment), {@code SshOutcome}
 * (ssh's exit 255 and stderr line classified into a {@code HostState}), {@code StatusDocument} (the
 * host's {@code cumps --version && cumps status --json}, its {@code schema_version} checked), {@code DoctorDocument} (a host's {@code cumps doctor --json --gpus SEL}: its checks,
 * texts made printable, and the GPUs it diagnosed),
 * {@code Fleet} (every host read in parallel, one thread and one deadline each, into
 * {@code HostReport}s; remote actions as {@code RemoteRun}s), {@code FleetJson} (the JSON document
 * and lines of {@code cumps fleet status}); texts in {@code FleetMessages}.
 */
package dev.cumps.core.fleet;
