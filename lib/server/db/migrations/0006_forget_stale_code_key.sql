-- A stored code public key belongs to one secret and version (lib/ticket-code/keys.ts). Should any
-- change of a ticket's secret or version leave the key as it was, forget it (null = derive from the
-- secret, lib/server/tickets/codes.ts): a key kept for an old secret would let its old holder's phone
-- sign codes for the new version. Gate check-ins do not touch these columns and never fire it.
CREATE FUNCTION tickets_forget_stale_code_key() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF (NEW.secret IS DISTINCT FROM OLD.secret OR NEW.version IS DISTINCT FROM OLD.version)
     AND NEW.code_public_key IS NOT DISTINCT FROM OLD.code_public_key THEN
    NEW.code_public_key := NULL;
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER tickets_forget_stale_code_key BEFORE UPDATE OF secret, version ON tickets
FOR EACH ROW EXECUTE FUNCTION tickets_forget_stale_code_key();
