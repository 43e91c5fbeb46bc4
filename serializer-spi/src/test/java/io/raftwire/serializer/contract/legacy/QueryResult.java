package io.raftwire.serializer.contract.legacy;

import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** The result of a read: values by key in read order, their version histories, and when it was read. */
public class QueryResult {

    private LinkedHashMap<String, byte[]> values = new LinkedHashMap<>();
    private Map<String, List<Long>> versions;
    private Optional<Instant> asOf = Optional.empty();

    public QueryResult() {
    }

    public QueryResult(LinkedHashMap<String, byte[]> values, Map<String, List<Long>> versions,
            Optional<Instant> asOf) {
        this.values = values;
        this.versions = versions;
        this.asOf = asOf;
    }

    public void put(String key, byte[] value) {
        values.put(key, value);
    }

    @Override
    public boolean equals(Object o) {
        if (!(o instanceof QueryResult q) || values.size() != q.values.size()) {
            return false;
        }
        for (Map.Entry<String, byte[]> e : values.entrySet()) {
            if (!java.util.Arrays.equals(e.getValue(), q.values.get(e.getKey()))) {
                return false;
            }
        }
        return java.util.Objects.equals(versions, q.versions) && java.util.Objects.equals(asOf, q.asOf)
                && List.copyOf(values.keySet()).equals(List.copyOf(q.values.keySet()));
    }

    @Override
    public int hashCode() {
        return values.keySet().hashCode() * 31 + java.util.Objects.hash(versions, asOf);
    }

    @Override
    public String toString() {
        return "QueryResult{keys=" + values.keySet() + ", versions=" + versions + ", asOf=" + asOf + "}";
    }
}
