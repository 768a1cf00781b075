CREATE INDEX "audit_log_target_idx" ON "audit_log" USING btree ("target");--> statement-breakpoint
CREATE INDEX "audit_log_intent_idx" ON "audit_log" USING btree ("intent_id");--> statement-breakpoint
CREATE INDEX "audit_log_error_code_idx" ON "audit_log" USING btree ("error_code");