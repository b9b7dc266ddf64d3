package dev.cumps.core.selftest;

import java.util.List;
import java.util.Optional;

/**
 * What the operator asked: the GPU selector, an optional client command line (run through
 * {@code /bin/sh -c}), and, on a simulated host, the simulated client's command line used when no
 * client is given.
 *
 * @param version the cumps version the report names
 */
public record SelftestRequest(String gpus, Optional<String> client, Optional<List<String>> simulatedClient, String version) {
    public SelftestRequest {
        simulatedClient = simulatedClient.map(List::copyOf);
    }
}
