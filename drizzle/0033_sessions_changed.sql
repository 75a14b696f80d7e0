-- ADR 034: each instance keeps the sessions it has looked up, with their users, and forgets them when told on
-- `sessions_changed`. The database tells, so that no write path can forget to: a session changed or ended, its
-- user changed or removed (payload: the user's id), or the beta access list changed ('' — every session, as
-- access follows the e-mail). The notification is sent when the writing transaction commits, and not at all if
-- it rolls back; PostgreSQL sends one notification per distinct payload of a transaction.
CREATE FUNCTION announce_user_sessions_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'sessions' THEN
    PERFORM pg_notify('sessions_changed', coalesce(OLD.sess ->> 'userId', ''));
  ELSE
    PERFORM pg_notify('sessions_changed', OLD.id::text);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION announce_all_sessions_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('sessions_changed', '');
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER sessions_changed AFTER UPDATE OR DELETE ON sessions
  FOR EACH ROW EXECUTE FUNCTION announce_user_sessions_changed();
--> statement-breakpoint
CREATE TRIGGER users_sessions_changed AFTER UPDATE OR DELETE ON users
  FOR EACH ROW EXECUTE FUNCTION announce_user_sessions_changed();
--> statement-breakpoint
CREATE TRIGGER beta_access_sessions_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON beta_access
  FOR EACH STATEMENT EXECUTE FUNCTION announce_all_sessions_changed();
--> statement-breakpoint
CREATE TRIGGER sessions_truncated AFTER TRUNCATE ON sessions
  FOR EACH STATEMENT EXECUTE FUNCTION announce_all_sessions_changed();
--> statement-breakpoint
CREATE TRIGGER users_truncated AFTER TRUNCATE ON users
  FOR EACH STATEMENT EXECUTE FUNCTION announce_all_sessions_changed();
