package io.raftwire.serializer;

/**
 * Opt-in check of a decoded value. Every provider calls {@link #validateAfterDecode()} on each decoded instance of a
 * registered type that implements this interface, once its components are set and before the instance is handed to
 * anything else; an exception it throws fails the decode with a
 * {@link SerializationException} naming the type, and the instance is dropped.
 *
 * <p>Meant for classes built field by field (see {@link TypeRegistry}): Objenesis instantiates them without running
 * any constructor, so the checks a constructor would make do not run unless they are repeated here. Records and
 * constructor-shaped classes may implement it too; it then runs after the constructor.
 *
 * <p>Called on the decoding thread; must not keep a reference to the instance or block.
 */
public interface ValidatedAfterDecode {

    /**
     * Checks the instance's state.
     *
     * @throws IllegalArgumentException or {@link IllegalStateException} (any runtime exception) if the state is
     *                                  invalid; its message becomes the reason of the refusal
     */
    void validateAfterDecode();
}
