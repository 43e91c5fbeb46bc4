package io.raftwire.cli.codecs;

import io.raftwire.message.MessageType;
import org.junit.jupiter.api.Test;

import java.util.EnumSet;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

/** The samples of {@code raftwire codecs} and the reference figures they are compared with. */
class SampleMessagesTest {

    @Test
    void shouldBuildEveryCatalogTypeFromMainCode() {
        SampleMessages samples = new SampleMessages(7);
        for (MessageType type : MessageType.values()) {
            assertEquals(type.javaType(), samples.sample(type).getClass(), type.name());
        }
    }

    @Test
    void shouldBeDeterministicPerSeed() {
        assertEquals(new SampleMessages(5).messageSet(), new SampleMessages(5).messageSet());
        assertNotEquals(new SampleMessages(5).messageSet(), new SampleMessages(6).messageSet());
    }

    @Test
    void shouldHoldTheReferenceSetOfSeventeenRequestsAndFifteenResponses() {
        assertEquals(32, SampleMessages.MESSAGE_SET.size());
        assertEquals(32, EnumSet.copyOf(SampleMessages.MESSAGE_SET).size());
        assertEquals(MessageType.OPEN_SESSION_REQUEST, SampleMessages.MESSAGE_SET.get(0));
        assertEquals(MessageType.VOTE_RESPONSE, SampleMessages.MESSAGE_SET.get(31));
    }

    @Test
    void shouldAddUpToTheArticlesTotalsWithinRounding() {
        // the article gives 38,406 and 6,841 from unrounded means (docs/library-behaviour.md §4.1); its rounded
        // per-type figures, which the table lists, add up to 2 bytes less
        assertEquals(38_404, SizeTable.referenceTotal(true));
        assertEquals(6_839, SizeTable.referenceTotal(false));
    }
}
