package io.raftwire.bench;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.raftwire.message.fixtures.CatalogFixtures;
import io.raftwire.serializer.Serializer;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;

/**
 * Round-trips every catalog fixture (one realistic instance of each type plus every edge case, and the 32-message
 * set for ten more seeds) through every codec and reports OK or each mismatch.
 */
final class RoundTripReport {

    private static final int MAX_REPORTED = 5;

    private RoundTripReport() {
    }

    /**
     * Prints one line per codec, and the first mismatches of each.
     *
     * @return whether every codec round-tripped every fixture
     */
    static boolean check(List<Serializer> codecs, PrintStream out) {
        List<Object> fixtures = new ArrayList<>(new CatalogFixtures(MessageSet.SEED).all());
        for (long seed = 0; seed < 10; seed++) {
            fixtures.addAll(new CatalogFixtures(seed).messageSet());
        }
        boolean allOk = true;
        ByteBuf buf = Unpooled.buffer(64 * 1024);
        try {
            for (Serializer codec : codecs) {
                List<String> problems = new ArrayList<>();
                for (Object fixture : fixtures) {
                    String problem = roundTrip(codec, fixture, buf);
                    if (problem != null) {
                        problems.add(problem);
                    }
                }
                allOk &= problems.isEmpty();
                out.println("- " + codec.name() + ": " + (problems.isEmpty() ? "OK" : "FAILED") + ", "
                        + (fixtures.size() - problems.size()) + "/" + fixtures.size() + " fixtures round-trip equal");
                for (String problem : problems.subList(0, Math.min(MAX_REPORTED, problems.size()))) {
                    out.println("  - " + problem);
                }
            }
        } finally {
            buf.release();
        }
        return allOk;
    }

    private static String roundTrip(Serializer codec, Object fixture, ByteBuf buf) {
        String name = fixture.getClass().getSimpleName();
        try {
            buf.clear();
            codec.encode(fixture, buf);
            Object decoded = codec.decode(codec.registry().idOf(fixture), buf);
            return fixture.equals(decoded) ? null : name + " mismatch: sent " + abbreviate(fixture) + ", got "
                    + abbreviate(decoded);
        } catch (RuntimeException e) {
            return name + " failed: " + e;
        }
    }

    private static String abbreviate(Object value) {
        String text = String.valueOf(value);
        return text.length() <= 200 ? text : text.substring(0, 200) + "...";
    }
}
