package io.raftwire.serializer.contract.legacy;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.time.Duration;
import java.time.LocalDate;
import java.time.LocalTime;

/** Grants a lease; time and big-number fields. */
public class LeaseCommand extends Command {

    private static final long serialVersionUID = 1L;

    private Duration ttl;
    private LocalDate day;
    private LocalTime at;
    private BigInteger token;
    private BigDecimal amount;

    public LeaseCommand() {
    }

    public LeaseCommand(String clientId, long sequence, Duration ttl, LocalDate day, LocalTime at, BigInteger token, BigDecimal amount) {
        super(clientId, sequence);
        this.ttl = ttl;
        this.day = day;
        this.at = at;
        this.token = token;
        this.amount = amount;
    }
}
