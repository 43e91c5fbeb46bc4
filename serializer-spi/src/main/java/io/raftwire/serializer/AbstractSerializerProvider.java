package io.raftwire.serializer;

/**
 * Holds the three constants every provider declares — name, wire id and payload format version — so a provider
 * class states them once, in its constructor, and implements only {@link #create}.
 */
public abstract class AbstractSerializerProvider implements SerializerProvider {

    private final String name;
    private final int id;
    private final int formatVersion;

    /**
     * @param name          unique lower-case name used in configuration
     * @param id            unique wire id, 1..127 ({@link Serializers} refuses others at load time)
     * @param formatVersion the payload format version; bump it whenever the same registry would give other bytes
     */
    protected AbstractSerializerProvider(String name, int id, int formatVersion) {
        this.name = name;
        this.id = id;
        this.formatVersion = formatVersion;
    }

    @Override
    public final String name() {
        return name;
    }

    @Override
    public final int id() {
        return id;
    }

    @Override
    public final int formatVersion() {
        return formatVersion;
    }
}
