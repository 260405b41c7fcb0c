CREATE TABLE "renter_debts" (
	"renter_id" uuid PRIMARY KEY NOT NULL,
	"landlord_id" uuid NOT NULL,
	"owed" numeric(16, 2) NOT NULL
);
--> statement-breakpoint
CREATE INDEX "renter_debts_rank_idx" ON "renter_debts" USING btree ("landlord_id","owed" DESC NULLS LAST,"renter_id") WHERE "renter_debts"."owed" > 0;--> statement-breakpoint
-- hand-written: what each tenant owes (server/db/schema/billing.ts, renter_debts) kept by the database.
-- What an invoice adds to its tenant's debt: its total less paid while it is open, else nothing (the arrears' own rule).
CREATE FUNCTION invoice_owed(status invoice_status, total numeric, paid numeric) RETURNS numeric LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN status IN ('issued', 'partly_paid', 'overdue') AND total > paid THEN total - paid ELSE 0 END
$$;--> statement-breakpoint
-- One trigger function for inserts, updates and deletes of any number of invoices: each changed invoice takes its
-- old share away and adds its new one, in one grouped upsert in tenant order (concurrent statements lock rows in one
-- order). Tenants whose debt did not move are not touched: the overdue job's status change locks nothing here.
CREATE FUNCTION renter_debts_follow() RETURNS trigger LANGUAGE plpgsql AS $f$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO renter_debts (renter_id, landlord_id, owed)
    SELECT renter_id, landlord_id, sum(invoice_owed(status, total, paid)) FROM new_rows
    GROUP BY 1, 2 HAVING sum(invoice_owed(status, total, paid)) <> 0 ORDER BY 1
    ON CONFLICT (renter_id) DO UPDATE SET owed = renter_debts.owed + excluded.owed;
  ELSIF TG_OP = 'UPDATE' THEN
    INSERT INTO renter_debts (renter_id, landlord_id, owed)
    SELECT renter_id, landlord_id, sum(owed) FROM (
      SELECT renter_id, landlord_id, invoice_owed(status, total, paid) AS owed FROM new_rows
      UNION ALL SELECT renter_id, landlord_id, -invoice_owed(status, total, paid) FROM old_rows) c
    GROUP BY 1, 2 HAVING sum(owed) <> 0 ORDER BY 1
    ON CONFLICT (renter_id) DO UPDATE SET owed = renter_debts.owed + excluded.owed;
  ELSE
    INSERT INTO renter_debts (renter_id, landlord_id, owed)
    SELECT renter_id, landlord_id, -sum(invoice_owed(status, total, paid)) FROM old_rows
    GROUP BY 1, 2 HAVING sum(invoice_owed(status, total, paid)) <> 0 ORDER BY 1
    ON CONFLICT (renter_id) DO UPDATE SET owed = renter_debts.owed + excluded.owed;
  END IF;
  RETURN NULL;
END
$f$;--> statement-breakpoint
CREATE TRIGGER invoices_debts_insert AFTER INSERT ON invoices REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION renter_debts_follow();--> statement-breakpoint
CREATE TRIGGER invoices_debts_update AFTER UPDATE ON invoices REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION renter_debts_follow();--> statement-breakpoint
CREATE TRIGGER invoices_debts_delete AFTER DELETE ON invoices REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION renter_debts_follow();--> statement-breakpoint
INSERT INTO renter_debts (renter_id, landlord_id, owed)
SELECT renter_id, landlord_id, sum(invoice_owed(status, total, paid)) FROM invoices GROUP BY 1, 2 HAVING sum(invoice_owed(status, total, paid)) <> 0;
