-- Version 4: outbox_lead, what the leads report keeps of each enquiry: its id, when it was
-- received, where the visit came from (the attribution's JSON) and the outcome of its
-- deliveries, and nothing the visitor typed. It is not tied to the enquiry, so purging
-- delivered enquiries keeps it; it is purged after the lead retention. Enquiries already
-- stored get theirs.
CREATE TABLE outbox_lead (
    id          TEXT   PRIMARY KEY,
    received_at BIGINT NOT NULL,
    attribution TEXT,
    outcome     TEXT   NOT NULL CHECK (outcome IN ('pending', 'delivered', 'failed'))
);
CREATE INDEX outbox_lead_received ON outbox_lead (received_at);
INSERT INTO outbox_lead (id, received_at, attribution, outcome)
    SELECT e.id, e.received_at, (e.enquiry::jsonb -> 'attribution')::text,
           CASE WHEN bool_or(j.state = 'dead') THEN 'failed'
                WHEN bool_and(j.state = 'delivered') THEN 'delivered'
                ELSE 'pending' END
    FROM outbox_enquiry e JOIN outbox_job j ON j.enquiry_seq = e.seq
    GROUP BY e.seq, e.id, e.received_at, e.enquiry;
