-- ADR 041: each post keeps its feed text — its own fields, its item and its author — as an unclosed JSON object,
-- so that a feed page of twenty posts splices them instead of looking up each post's item and author and writing
-- every value out (60 % of the page's statement in the database). The page adds what depends on the reader: whether
-- they like the post, whether it is theirs, whether it is hidden. Written here, by the database, whenever what it
-- shows is written, whoever writes it: the post itself, its item (an edit, an import) or its author's name.
ALTER TABLE "posts" ADD COLUMN "page_json" text;--> statement-breakpoint
CREATE FUNCTION posts_page_json() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.page_json := '{"id":' || NEW.id::text
    || ',"caption":' || coalesce(to_json(NEW.caption)::text, 'null')
    || ',"imageUrl":' || coalesce(to_json(NEW.image_url)::text, 'null')
    || ',"thumbnailUrl":' || coalesce(to_json(NEW.thumbnail_url)::text, 'null')
    || ',"itemId":' || coalesce(NEW.item_id::text, 'null')
    || ',"item":' || coalesce((SELECT '{"id":' || i.id::text
        || ',"number":' || coalesce(to_json(i.number::text)::text, 'null')
        || ',"name":' || coalesce(to_json(i.name::text)::text, 'null')
        || ',"slug":' || coalesce(to_json(i.slug::text)::text, 'null')
        || ',"type":' || coalesce('"' || i.type || '"', 'null')
        || ',"imageUrl":' || coalesce(to_json(i.image_url::text)::text, 'null') || '}'
      FROM items i WHERE i.id = NEW.item_id), 'null')
    || ',"user":' || (SELECT '{"id":"' || u.id::text || '"'
        || ',"firstName":' || coalesce(to_json(u.first_name::text)::text, 'null')
        || ',"lastName":' || coalesce(to_json(u.last_name::text)::text, 'null')
        || ',"profileImageUrl":' || coalesce(to_json(u.profile_image_url::text)::text, 'null') || '}'
      FROM users u WHERE u.id = NEW.user_id)
    || ',"createdAt":"' || to_char(NEW.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') || '"'
    || ',"likesCount":' || NEW.likes_count::text
    || ',"commentsCount":' || NEW.comments_count::text;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER posts_page_json BEFORE INSERT OR UPDATE OF caption, image_url, thumbnail_url, item_id, user_id,
    created_at, likes_count, comments_count ON posts
  FOR EACH ROW EXECUTE FUNCTION posts_page_json();
--> statement-breakpoint
-- An item's posts follow what the feed shows of it (an edit, a catalogue import).
CREATE FUNCTION items_rewrite_posts() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE posts SET item_id = item_id WHERE item_id = NEW.id;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER items_rewrite_posts AFTER UPDATE OF number, name, slug, type, image_url ON items
  FOR EACH ROW WHEN (OLD.number IS DISTINCT FROM NEW.number OR OLD.name IS DISTINCT FROM NEW.name
    OR OLD.slug IS DISTINCT FROM NEW.slug OR OLD.type IS DISTINCT FROM NEW.type
    OR OLD.image_url IS DISTINCT FROM NEW.image_url)
  EXECUTE FUNCTION items_rewrite_posts();
--> statement-breakpoint
-- An author's posts follow their name and picture.
CREATE FUNCTION users_rewrite_posts() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE posts SET user_id = user_id WHERE user_id = NEW.id;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER users_rewrite_posts AFTER UPDATE OF first_name, last_name, profile_image_url ON users
  FOR EACH ROW WHEN (OLD.first_name IS DISTINCT FROM NEW.first_name OR OLD.last_name IS DISTINCT FROM NEW.last_name
    OR OLD.profile_image_url IS DISTINCT FROM NEW.profile_image_url)
  EXECUTE FUNCTION users_rewrite_posts();
--> statement-breakpoint
-- The posts already there: rewriting a column fires the trigger.
UPDATE posts SET caption = caption;--> statement-breakpoint
ALTER TABLE "posts" ALTER COLUMN "page_json" SET NOT NULL;
