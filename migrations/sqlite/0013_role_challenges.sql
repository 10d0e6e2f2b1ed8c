-- A challenge to the members of a role (issue 61): an open challenge that
-- only members holding the role may join. The store cannot see roles; the
-- platform reports the accepter's, and the store checks them against this.
ALTER TABLE challenges ADD COLUMN to_role_id TEXT;
