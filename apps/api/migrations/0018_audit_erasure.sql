-- Erasure (docs/domain/administration.md#erasure, issue 21): the audit log stays append-only,
-- except that erasing a person removes what its earlier rows about that person kept of them
-- (e-mail, name, job title, directory ids). Only the `before` and `after` of rows about the user
-- being erased may change, and only inside the erasing transaction, which names the user in a
-- transaction-local setting.
-- DELETE and TRUNCATE stay refused.
CREATE OR REPLACE FUNCTION "audit_log_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE'
    AND OLD."entity" = 'user'
    AND OLD."entity_id" = current_setting('habitrack.erasing_user', true)
    AND (NEW."id", NEW."organisation_id", NEW."actor_user_id", NEW."actor_token_id", NEW."action",
         NEW."entity", NEW."entity_id", NEW."created_at")
      IS NOT DISTINCT FROM (OLD."id", OLD."organisation_id", OLD."actor_user_id", OLD."actor_token_id",
         OLD."action", OLD."entity", OLD."entity_id", OLD."created_at")
  THEN
    RETURN NEW;
  END IF;
  RAISE EXCEPTION 'audit_log is append-only: % is not allowed', TG_OP USING ERRCODE = 'insufficient_privilege';
END
$$;
