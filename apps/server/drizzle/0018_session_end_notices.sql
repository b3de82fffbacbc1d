-- Custom migration (drizzle-kit cannot express triggers): whatever ends a session, an API key's tokens, a user
-- or a company sends a NOTIFY on the channel `session_end` when its transaction commits, so every process
-- (web servers, workers) ends the long-lived answers (server-sent events) that run under it at once, however the
-- change was made: a route, a job, the CLI or SQL (lib/session-watch.ts, docs/security.md).
-- The payload is {"kind": "session" | "api_key" | "user" | "company", "id": "<uuid>"}.
CREATE FUNCTION auth.notify_session_end(kind text, id uuid) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('session_end', json_build_object('kind', kind, 'id', id)::text);
END $$;
--> statement-breakpoint
CREATE FUNCTION auth.sessions_end_notice() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM auth.notify_session_end('session', OLD.id);
    RETURN OLD;
  END IF;
  IF OLD.revoked_at IS NULL AND NEW.revoked_at IS NOT NULL OR NEW.expires_at < OLD.expires_at THEN
    PERFORM auth.notify_session_end('session', NEW.id);
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER sessions_end_notice AFTER UPDATE OR DELETE ON auth.sessions
  FOR EACH ROW EXECUTE FUNCTION auth.sessions_end_notice();
--> statement-breakpoint
CREATE FUNCTION auth.api_keys_end_notice() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM auth.notify_session_end('api_key', OLD.id);
    RETURN OLD;
  END IF;
  IF OLD.revoked_at IS NULL AND NEW.revoked_at IS NOT NULL
    OR OLD.deleted_at IS NULL AND NEW.deleted_at IS NOT NULL
    OR NEW.secret_changed_at IS DISTINCT FROM OLD.secret_changed_at
    OR NEW.expires_at IS DISTINCT FROM OLD.expires_at
    OR NOT (NEW.scopes @> OLD.scopes) THEN
    PERFORM auth.notify_session_end('api_key', NEW.id);
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER api_keys_end_notice AFTER UPDATE OR DELETE ON auth.api_keys
  FOR EACH ROW EXECUTE FUNCTION auth.api_keys_end_notice();
--> statement-breakpoint
CREATE FUNCTION auth.users_end_notice() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM auth.notify_session_end('user', OLD.id);
    RETURN OLD;
  END IF;
  IF OLD.is_active AND NOT NEW.is_active
    OR OLD.deleted_at IS NULL AND NEW.deleted_at IS NOT NULL
    OR NEW.company_id IS DISTINCT FROM OLD.company_id THEN
    PERFORM auth.notify_session_end('user', NEW.id);
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER users_end_notice AFTER UPDATE OR DELETE ON auth.users
  FOR EACH ROW EXECUTE FUNCTION auth.users_end_notice();
--> statement-breakpoint
CREATE FUNCTION backend.companies_end_notice() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM auth.notify_session_end('company', OLD.id);
    RETURN OLD;
  END IF;
  IF OLD.deleted_at IS NULL AND NEW.deleted_at IS NOT NULL THEN
    PERFORM auth.notify_session_end('company', NEW.id);
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER companies_end_notice AFTER UPDATE OR DELETE ON backend.companies
  FOR EACH ROW EXECUTE FUNCTION backend.companies_end_notice();
