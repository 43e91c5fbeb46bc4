package io.raftwire.bench.transport;

import java.util.List;

/**
 * What one probe (one scenario, one JVM) measured.
 *
 * @param requestBytes    request payload size
 * @param responseBytes   response payload size
 * @param roundTrips      round trips recorded with one request in flight
 * @param oneInFlightRate round trips per second with one request in flight
 * @param p50             median round trip, ns
 * @param p90             90th percentile, ns
 * @param p99             99th percentile, ns
 * @param p999            99.9th percentile, ns
 * @param max             slowest recorded round trip, ns
 * @param cpuPerRoundTrip process CPU time (client, server, every thread) per round trip with one in flight, ns
 * @param serializationPerRoundTrip time the transport's counters attribute to encoding and decoding (both sides) per
 *                        round trip with one in flight, ns; 0 for the raw echo
 * @param window          requests in flight in the pipelined phase
 * @param pipelinedRate   responses per second with {@code window} requests in flight
 * @param pipelinedFailed calls that failed during the pipelined measurement (for example OVERLOADED)
 * @param cpuPerPipelined process CPU time per completed call in the pipelined measurement, ns
 * @param serializationPerPipelined serialization time per completed call in the pipelined measurement, ns
 */
record ProbeResult(int requestBytes, int responseBytes, long roundTrips, double oneInFlightRate, long p50, long p90,
        long p99, long p999, long max, long cpuPerRoundTrip, long serializationPerRoundTrip, int window,
        double pipelinedRate, long pipelinedFailed, long cpuPerPipelined, long serializationPerPipelined) {

    /**
     * Reads the {@code RESULT} lines printed by {@link Probe#run}.
     *
     * @return the result, or {@code null} if a line is missing
     */
    static ProbeResult parse(List<String> lines) {
        String[] payload = null;
        String[] latency = null;
        String[] pipelined = null;
        for (String line : lines) {
            String[] f = line.trim().split(" ");
            if (f.length < 2 || !f[0].equals("RESULT")) {
                continue;
            }
            switch (f[1]) {
                case "payload" -> payload = f;
                case "latency" -> latency = f;
                case "pipelined" -> pipelined = f;
                default -> { }
            }
        }
        if (payload == null || latency == null || latency.length < 11 || pipelined == null || pipelined.length < 8) {
            return null;
        }
        return new ProbeResult(Integer.parseInt(payload[2]), Integer.parseInt(payload[3]), Long.parseLong(latency[2]),
                Double.parseDouble(latency[3]), Long.parseLong(latency[4]), Long.parseLong(latency[5]),
                Long.parseLong(latency[6]), Long.parseLong(latency[7]), Long.parseLong(latency[8]),
                Long.parseLong(latency[9]), Long.parseLong(latency[10]), Integer.parseInt(pipelined[2]),
                Double.parseDouble(pipelined[3]), Long.parseLong(pipelined[5]), Long.parseLong(pipelined[6]),
                Long.parseLong(pipelined[7]));
    }
}
