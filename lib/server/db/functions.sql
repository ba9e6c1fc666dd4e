-- Every database function of Tribuna, applied with CREATE OR REPLACE after the migrations by every path
-- that migrates (lib/server/db/client.ts applyFunctions: the server's start, npm run db:migrate, the
-- seed, the tests). A rule change is a diff of this file; migrations only change tables.
-- README, Decisions: "Holds in the database" says why the cart's holds live here.

-- Migration 0001 made cart_hold_seats; holding anything is now cart_hold below.
DROP FUNCTION IF EXISTS cart_hold_seats(uuid, uuid, uuid[], timestamptz, integer, integer, integer, integer);

-- ── What is free ────────────────────────────────────────────────────────────────────────────────────
-- A unit (seat or standing place) is free when available, or held by a hold whose time ran out: an
-- expired hold never counts as taken (DESIGN.md §4), even before the sweeper resets the row. Holds,
-- sales, availability and the catalogue all ask this. Simple SQL functions: PostgreSQL inlines them
-- into the calling query, so an index on status still serves it.
CREATE OR REPLACE FUNCTION unit_is_free(p_status unit_status, p_held_until timestamptz, p_now timestamptz)
RETURNS boolean LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT p_status = 'available' OR (p_status = 'held' AND (p_held_until IS NULL OR p_held_until <= p_now))
$$;

-- A resale listing can be bought when it is on sale and no live cart holds it.
CREATE OR REPLACE FUNCTION listing_is_free(p_status listing_status, p_hold uuid, p_held_until timestamptz, p_now timestamptz)
RETURNS boolean LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT p_status = 'active' AND (p_hold IS NULL OR p_held_until IS NULL OR p_held_until <= p_now)
$$;

-- ── The cart's lines ────────────────────────────────────────────────────────────────────────────────
-- The lines a hold still owns, with what the cart shows of each (lib/server/cart/items.ts reads it),
-- in the cart's order (line_order). A line whose unit went to someone else after this hold's time ran
-- out is not the fan's any more. Kept to one SELECT so that PostgreSQL inlines it into the calling
-- query and plans it with that query (WITH ORDINALITY would stop that: it is then planned every call).
CREATE OR REPLACE FUNCTION cart_live_items(p_hold uuid)
RETURNS TABLE (
  id uuid, unit_id uuid, listing_id uuid, ticket_type_id uuid, ticket_type_code text, ticket_type_name jsonb,
  price_amount integer, fee_amount integer, seat_id uuid, section_name jsonb, row_label text, seat_label text, line_order bigint
)
LANGUAGE sql STABLE AS $$
  select hi.id, hi.unit_id, hi.listing_id, hi.ticket_type_id, tt.code, tt.name,
         hi.price_amount, hi.fee_amount, coalesce(u.seat_id, lu.seat_id),
         sec.name, r.label, vs.label,
         row_number() over (order by hi.created_at, sec.sort_order, r.sort_order, vs.sort_order)
  from hold_items hi
  join ticket_types tt on tt.id = hi.ticket_type_id
  left join inventory_units u on u.id = hi.unit_id
  left join resale_listings l on l.id = hi.listing_id
  left join tickets lt on lt.id = l.ticket_id
  left join inventory_units lu on lu.id = lt.unit_id
  left join venue_seats vs on vs.id = coalesce(u.seat_id, lu.seat_id)
  left join venue_rows r on r.id = vs.row_id
  left join venue_sections sec on sec.id = vs.section_id
  where hi.hold_id = p_hold and (u.hold_id = p_hold or l.hold_id = p_hold)
  order by 13
$$;

-- ── The fan's open cart ─────────────────────────────────────────────────────────────────────────────
-- The fan's open (active or ordered) cart for the event, locked for the transaction; opened when
-- there is none and p_create. A row of NULLs when there is none and not p_create.
CREATE OR REPLACE FUNCTION cart_lock_hold(p_user uuid, p_event uuid, p_now timestamptz, p_minutes integer, p_create boolean)
RETURNS holds LANGUAGE plpgsql AS $$
DECLARE
  v_hold holds%ROWTYPE;
BEGIN
  FOR attempt IN 1..3 LOOP
    SELECT * INTO v_hold FROM holds h
      WHERE h.user_id = p_user AND h.event_id = p_event AND h.status IN ('active', 'ordered')
      FOR UPDATE;
    IF FOUND OR NOT p_create THEN
      RETURN v_hold;
    END IF;
    INSERT INTO holds (user_id, event_id, expires_at, created_at, updated_at)
      VALUES (p_user, p_event, p_now + make_interval(mins => p_minutes), p_now, p_now)
      ON CONFLICT DO NOTHING
      RETURNING * INTO v_hold;
    IF FOUND THEN
      RETURN v_hold;
    END IF;
    -- A parallel request of the same fan opened it a moment ago: lock that one.
  END LOOP;
  RAISE EXCEPTION 'could not open a hold';
END
$$;

-- How an open cart must be settled before it changes, in the caller's transaction
-- (lib/server/cart/open-hold.ts): 'end' when its time ran out (its tickets are free already),
-- 'reopen' when it is at checkout (it becomes a cart again), NULL when it can change as it is. The
-- cart functions answer 'settle' for either.
CREATE OR REPLACE FUNCTION cart_settlement(p_hold holds, p_now timestamptz)
RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN p_hold.expires_at <= p_now THEN 'end' WHEN p_hold.status = 'ordered' THEN 'reopen' END
$$;

-- ── Claims of standing places and of resale listings (cart_hold claims seats itself) ─────────────────
-- Any p_quantity standing places of a category: FOR UPDATE SKIP LOCKED from a random point of the
-- spread column, so concurrent buyers take different rows instead of queueing on the lowest ids. A
-- short attempt (rows locked by buyers still deciding) gives its rows back and tries again while the
-- committed state says enough places are free; else TBSLD (sold out). TBTYP: no standing category of
-- the event by that id.
CREATE OR REPLACE FUNCTION cart_claim_places(p_hold uuid, p_event uuid, p_type uuid, p_quantity integer, p_until timestamptz, p_now timestamptz, p_fee integer)
RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  v_price integer;
  v_start integer;
  v_free integer;
BEGIN
  SELECT tt.price_amount INTO v_price FROM ticket_types tt WHERE tt.id = p_type AND tt.event_id = p_event AND tt.kind = 'standing';
  IF NOT FOUND THEN
    RAISE EXCEPTION USING ERRCODE = 'TBTYP', MESSAGE = 'ticket_type_not_found';
  END IF;
  FOR attempt IN 1..8 LOOP
    v_start := floor(random() * 1000000)::int;
    BEGIN
      WITH picked AS (
        SELECT u.id FROM inventory_units u
        WHERE u.ticket_type_id = p_type AND u.seat_id IS NULL AND unit_is_free(u.status, u.held_until, p_now)
        ORDER BY (u.spread < v_start), u.spread
        LIMIT p_quantity
        FOR UPDATE SKIP LOCKED
      ), claimed AS (
        UPDATE inventory_units u SET status = 'held', hold_id = p_hold, held_until = p_until
        FROM picked WHERE u.id = picked.id
        RETURNING u.id
      )
      INSERT INTO hold_items (hold_id, unit_id, ticket_type_id, price_amount, fee_amount, created_at)
        SELECT p_hold, c.id, p_type, v_price, p_fee, p_now FROM claimed c;
      GET DIAGNOSTICS v_free = ROW_COUNT;
      IF v_free = p_quantity THEN
        RETURN;
      END IF;
      RAISE EXCEPTION USING ERRCODE = 'TBSHT', MESSAGE = 'short';
    EXCEPTION WHEN SQLSTATE 'TBSHT' THEN
      NULL; -- the block's claims and row locks are undone
    END;
    SELECT count(*) INTO v_free FROM inventory_units u
      WHERE u.ticket_type_id = p_type AND u.seat_id IS NULL AND unit_is_free(u.status, u.held_until, p_now);
    EXIT WHEN v_free < p_quantity;
    PERFORM pg_sleep((5 + random() * 20 * attempt) / 1000.0);
  END LOOP;
  RAISE EXCEPTION USING ERRCODE = 'TBSLD', MESSAGE = 'sold_out';
END
$$;

-- A resale listing; its seller cannot buy it. Raises TBTKN with the listing's id when it cannot be had.
CREATE OR REPLACE FUNCTION cart_claim_listing(p_hold uuid, p_user uuid, p_event uuid, p_listing uuid, p_until timestamptz, p_now timestamptz, p_fee_bps integer)
RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  WITH claimed AS (
    UPDATE resale_listings l SET hold_id = p_hold, held_until = p_until
    WHERE l.id = p_listing AND l.event_id = p_event AND l.seller_id <> p_user
      AND listing_is_free(l.status, l.hold_id, l.held_until, p_now)
    RETURNING l.id, l.ticket_id, l.price_amount
  )
  INSERT INTO hold_items (hold_id, listing_id, ticket_type_id, price_amount, fee_amount, created_at)
    SELECT p_hold, c.id, t.ticket_type_id, c.price_amount, round(c.price_amount * p_fee_bps / 10000.0)::int, p_now
    FROM claimed c JOIN tickets t ON t.id = c.ticket_id;
  IF NOT FOUND THEN
    RAISE EXCEPTION USING ERRCODE = 'TBTKN', MESSAGE = 'taken', DETAIL = jsonb_build_array(p_listing)::text;
  END IF;
END
$$;

-- ── Holding and releasing: what lib/server/cart/hold.ts calls ───────────────────────────────────────
-- Holds a selection in the fan's cart for the event, all or nothing, in ONE round trip: named seats
-- (p_seats), p_quantity places of the standing category p_type, or the resale listing p_listing.
-- Opens the cart when there is none; what is already in it is not asked for again; checks the limits;
-- an emptied cart starts a fresh reservation time with its next ticket.
-- outcome: 'held' (with the cart's lines), 'taken' (detail: the ids nobody could have), 'sold_out',
-- 'type_not_found', 'limit_per_order' / 'limit_per_user', or 'settle': the open cart ran out of time
-- or is at checkout, and the caller settles it and calls again in the same transaction.
-- Every outcome but 'held' leaves the database as it was.
CREATE OR REPLACE FUNCTION cart_hold(
  p_user uuid, p_event uuid, p_seats uuid[], p_type uuid, p_quantity integer, p_listing uuid,
  p_now timestamptz, p_minutes integer, p_max_order integer, p_max_user integer, p_fee integer, p_resale_fee_bps integer
)
RETURNS TABLE (outcome text, hold_id uuid, expires_at timestamptz, coupon_id uuid, detail jsonb)
LANGUAGE plpgsql AS $$
DECLARE
  v_hold holds%ROWTYPE;
  v_seats uuid[];
  v_wanted integer;
  v_in_cart integer;
  v_owned integer;
  v_until timestamptz;
  v_taken jsonb;
  v_state text;
  v_detail text;
BEGIN
  -- The block is a subtransaction: raising inside it undoes everything it did (a new cart, a fresh
  -- time, a partial claim), and the handler answers the failure without an error in the server log.
  BEGIN
    v_hold := cart_lock_hold(p_user, p_event, p_now, p_minutes, true);
    IF cart_settlement(v_hold, p_now) IS NOT NULL THEN
      RAISE EXCEPTION USING ERRCODE = 'TBSTL', MESSAGE = 'settle';
    END IF;
    IF p_seats IS NOT NULL THEN
      SELECT coalesce(array_agg(w), '{}') INTO v_seats
        FROM (SELECT DISTINCT w FROM unnest(p_seats) w) asked
        WHERE NOT EXISTS (
          SELECT 1 FROM inventory_units u
          WHERE u.event_id = p_event AND u.hold_id = v_hold.id AND u.status = 'held' AND (u.seat_id = asked.w OR u.id = asked.w));
      v_wanted := cardinality(v_seats);
    ELSIF p_listing IS NOT NULL THEN
      v_wanted := CASE WHEN EXISTS (
        SELECT 1 FROM hold_items hi JOIN resale_listings l ON l.id = hi.listing_id
        WHERE hi.hold_id = v_hold.id AND hi.listing_id = p_listing AND l.hold_id = v_hold.id) THEN 0 ELSE 1 END;
    ELSE
      v_wanted := p_quantity;
    END IF;

    -- The limits, the one place they are checked: the per-order limit counts the cart, the per-fan
    -- limit also the tickets the fan owns for the event. The cart is locked, so two requests of one
    -- fan at once count each other.
    SELECT count(*) INTO v_in_cart FROM hold_items hi WHERE hi.hold_id = v_hold.id;
    IF v_in_cart + v_wanted > p_max_order THEN
      RAISE EXCEPTION USING ERRCODE = 'TBLPO', MESSAGE = 'limit_per_order';
    END IF;
    SELECT count(*) INTO v_owned FROM tickets t WHERE t.owner_id = p_user AND t.event_id = p_event AND t.status <> 'void';
    IF v_owned + v_in_cart + v_wanted > p_max_user THEN
      RAISE EXCEPTION USING ERRCODE = 'TBLPU', MESSAGE = 'limit_per_user';
    END IF;

    v_until := v_hold.expires_at;
    IF v_wanted > 0 THEN
      -- An emptied cart starts a fresh reservation time with its next ticket.
      IF v_in_cart = 0 AND v_hold.created_at < p_now THEN
        v_until := p_now + make_interval(mins => p_minutes);
        UPDATE holds SET expires_at = v_until, updated_at = p_now WHERE id = v_hold.id;
      END IF;
      IF p_seats IS NOT NULL THEN
        -- Named seats, claimed here rather than in a function of their own: this is the on-sale rush,
        -- where each PL/pgSQL call costs. A row another transaction is claiming at this moment is
        -- re-checked after that one commits, so each seat goes to exactly one cart.
        WITH claimed AS (
          UPDATE inventory_units u SET status = 'held', hold_id = v_hold.id, held_until = v_until
          WHERE u.event_id = p_event AND (u.seat_id = ANY (v_seats) OR u.id = ANY (v_seats))
            AND unit_is_free(u.status, u.held_until, p_now)
          RETURNING u.id, u.seat_id, u.ticket_type_id
        ), added AS (
          INSERT INTO hold_items (hold_id, unit_id, ticket_type_id, price_amount, fee_amount, created_at)
          SELECT v_hold.id, c.id, c.ticket_type_id, tt.price_amount, p_fee, p_now
          FROM claimed c JOIN ticket_types tt ON tt.id = c.ticket_type_id
          RETURNING unit_id
        )
        SELECT coalesce(jsonb_agg(w), '[]') INTO v_taken
          FROM unnest(v_seats) w
          WHERE NOT EXISTS (SELECT 1 FROM claimed c JOIN added a ON a.unit_id = c.id WHERE c.id = w OR c.seat_id = w);
        IF jsonb_array_length(v_taken) > 0 THEN
          RAISE EXCEPTION USING ERRCODE = 'TBTKN', MESSAGE = 'taken', DETAIL = v_taken::text;
        END IF;
      ELSIF p_listing IS NOT NULL THEN
        PERFORM cart_claim_listing(v_hold.id, p_user, p_event, p_listing, v_until, p_now, p_resale_fee_bps);
      ELSE
        PERFORM cart_claim_places(v_hold.id, p_event, p_type, p_quantity, v_until, p_now, p_fee);
      END IF;
    END IF;
  EXCEPTION WHEN SQLSTATE 'TBSTL' OR SQLSTATE 'TBLPO' OR SQLSTATE 'TBLPU' OR SQLSTATE 'TBTKN' OR SQLSTATE 'TBSLD' OR SQLSTATE 'TBTYP' THEN
    GET STACKED DIAGNOSTICS v_state = RETURNED_SQLSTATE, v_detail = PG_EXCEPTION_DETAIL;
    RETURN QUERY SELECT
      CASE v_state WHEN 'TBSTL' THEN 'settle' WHEN 'TBLPO' THEN 'limit_per_order' WHEN 'TBLPU' THEN 'limit_per_user'
        WHEN 'TBSLD' THEN 'sold_out' WHEN 'TBTYP' THEN 'type_not_found' ELSE 'taken' END,
      NULL::uuid, NULL::timestamptz, NULL::uuid,
      CASE WHEN v_state = 'TBTKN' THEN v_detail::jsonb END;
    RETURN;
  END;

  RETURN QUERY SELECT 'held'::text, v_hold.id, v_until, v_hold.coupon_id, (SELECT coalesce(jsonb_agg(to_jsonb(i) - 'line_order' ORDER BY i.line_order), '[]') FROM cart_live_items(v_hold.id) AS i);
END
$$;

-- Takes one line out of the fan's open cart for the event and gives its unit or listing back to sale.
-- outcome: 'released' (with the lines left), 'not_found' (no open cart, or no such line in it), or
-- 'settle' as above.
CREATE OR REPLACE FUNCTION cart_release_item(p_user uuid, p_event uuid, p_item uuid, p_now timestamptz)
RETURNS TABLE (outcome text, hold_id uuid, expires_at timestamptz, coupon_id uuid, detail jsonb)
LANGUAGE plpgsql AS $$
DECLARE
  v_hold holds%ROWTYPE;
  v_removed integer;
BEGIN
  SELECT * INTO v_hold FROM holds h
    WHERE h.user_id = p_user AND h.event_id = p_event AND h.status IN ('active', 'ordered')
    FOR UPDATE;
  IF NOT FOUND THEN
    RETURN QUERY SELECT 'not_found'::text, NULL::uuid, NULL::timestamptz, NULL::uuid, NULL::jsonb;
    RETURN;
  END IF;
  IF cart_settlement(v_hold, p_now) IS NOT NULL THEN
    RETURN QUERY SELECT 'settle'::text, NULL::uuid, NULL::timestamptz, NULL::uuid, NULL::jsonb;
    RETURN;
  END IF;
  WITH item AS (
    DELETE FROM hold_items hi WHERE hi.id = p_item AND hi.hold_id = v_hold.id
    RETURNING hi.id, hi.unit_id, hi.listing_id
  ), units AS (
    UPDATE inventory_units u SET status = 'available', hold_id = NULL, held_until = NULL
    WHERE u.hold_id = v_hold.id AND u.status = 'held' AND u.id IN (SELECT unit_id FROM item)
  ), listings AS (
    UPDATE resale_listings l SET hold_id = NULL, held_until = NULL
    WHERE l.hold_id = v_hold.id AND l.status = 'active' AND l.id IN (SELECT listing_id FROM item)
  )
  SELECT count(*) INTO v_removed FROM item;
  IF v_removed = 0 THEN
    RETURN QUERY SELECT 'not_found'::text, NULL::uuid, NULL::timestamptz, NULL::uuid, NULL::jsonb;
    RETURN;
  END IF;
  RETURN QUERY SELECT 'released'::text, v_hold.id, v_hold.expires_at, v_hold.coupon_id, (SELECT coalesce(jsonb_agg(to_jsonb(i) - 'line_order' ORDER BY i.line_order), '[]') FROM cart_live_items(v_hold.id) AS i);
END
$$;
