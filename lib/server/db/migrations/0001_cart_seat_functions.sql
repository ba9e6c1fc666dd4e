-- The two cart changes of an on-sale rush, each in ONE round trip (README, Decisions: "Seat holds in
-- the database"). lib/server/cart/seat-hold.ts calls them; lib/server/cart/service.ts keeps the rest
-- of the cart (standing places, resale offers, coupons) and the slow cases these hand back.
-- The rules are those of DESIGN.md §4: one row per seat, claimed by a conditional UPDATE at READ
-- COMMITTED; a unit held by a hold whose time ran out is free (as unitIsFree in inventory/claim.ts).

-- The lines a hold still owns, with what the cart shows of each (lib/server/cart/items.ts reads it),
-- in the cart's order (line_order). A line whose unit went to someone else after this hold's time ran
-- out is not the fan's any more. Kept to one SELECT so that PostgreSQL inlines it into the calling
-- query and plans it with that query (WITH ORDINALITY would stop that: it is then planned every call).
CREATE FUNCTION cart_live_items(p_hold uuid)
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
--> statement-breakpoint

-- Holds named seats (venue seat ids or inventory unit ids) in the fan's cart for the event, all or
-- nothing. Opens the cart when there is none; seats already in it are not asked for again; the
-- per-order and per-fan limits count the cart and the tickets the fan owns; an emptied cart starts a
-- fresh reservation time with its next ticket.
-- outcome: 'held' (with the cart's lines), 'taken' (detail: the ids nobody could have),
-- 'limit_per_order' / 'limit_per_user', or 'settle': the open cart ran out of time or is at checkout,
-- and the caller settles it (cart/service.ts lockOpenHold) and calls again in the same transaction.
-- Every outcome but 'held' leaves the database as it was.
CREATE FUNCTION cart_hold_seats(
  p_user uuid, p_event uuid, p_ids uuid[], p_now timestamptz, p_minutes integer,
  p_max_order integer, p_max_user integer, p_fee integer
)
RETURNS TABLE (outcome text, hold_id uuid, expires_at timestamptz, coupon_id uuid, detail jsonb)
LANGUAGE plpgsql AS $$
DECLARE
  v_hold holds%ROWTYPE;
  v_in_cart integer;
  v_owned integer;
  v_wanted uuid[];
  v_until timestamptz;
  v_taken jsonb;
  v_state text;
  v_detail text;
BEGIN
  -- The block is a subtransaction: raising inside it undoes everything it did (a new cart, a fresh
  -- time, a partial claim), and the handler answers the failure without an error in the server log.
  BEGIN
    FOR attempt IN 1..3 LOOP
      SELECT * INTO v_hold FROM holds h
        WHERE h.user_id = p_user AND h.event_id = p_event AND h.status IN ('active', 'ordered')
        FOR UPDATE;
      IF FOUND THEN
        IF v_hold.expires_at <= p_now OR v_hold.status = 'ordered' THEN
          RETURN QUERY SELECT 'settle'::text, v_hold.id, v_hold.expires_at, v_hold.coupon_id, NULL::jsonb;
          RETURN;
        END IF;
        EXIT;
      END IF;
      INSERT INTO holds (user_id, event_id, expires_at, created_at, updated_at)
        VALUES (p_user, p_event, p_now + make_interval(mins => p_minutes), p_now, p_now)
        ON CONFLICT DO NOTHING
        RETURNING * INTO v_hold;
      EXIT WHEN FOUND;
      -- A parallel request of the same fan opened it a moment ago: lock that one.
    END LOOP;
    IF v_hold.id IS NULL THEN
      RAISE EXCEPTION 'could not open a hold';
    END IF;

    SELECT count(*) INTO v_in_cart FROM hold_items hi WHERE hi.hold_id = v_hold.id;
    SELECT count(*) INTO v_owned FROM tickets t WHERE t.owner_id = p_user AND t.event_id = p_event AND t.status <> 'void';
    SELECT coalesce(array_agg(w), '{}') INTO v_wanted
      FROM (SELECT DISTINCT w FROM unnest(p_ids) w) asked
      WHERE NOT EXISTS (
        SELECT 1 FROM inventory_units u
        WHERE u.event_id = p_event AND u.hold_id = v_hold.id AND u.status = 'held' AND (u.seat_id = asked.w OR u.id = asked.w));

    IF v_in_cart + cardinality(v_wanted) > p_max_order THEN
      RAISE EXCEPTION USING ERRCODE = 'TBLPO', MESSAGE = 'limit_per_order';
    END IF;
    IF v_owned + v_in_cart + cardinality(v_wanted) > p_max_user THEN
      RAISE EXCEPTION USING ERRCODE = 'TBLPU', MESSAGE = 'limit_per_user';
    END IF;

    v_until := v_hold.expires_at;
    IF cardinality(v_wanted) > 0 THEN
      IF v_in_cart = 0 AND v_hold.created_at < p_now THEN
        v_until := p_now + make_interval(mins => p_minutes);
        UPDATE holds SET expires_at = v_until, updated_at = p_now WHERE id = v_hold.id;
      END IF;
      -- A row another transaction is claiming at this moment is re-checked after that one commits,
      -- so each seat goes to exactly one cart.
      WITH claimed AS (
        UPDATE inventory_units u SET status = 'held', hold_id = v_hold.id, held_until = v_until
        WHERE u.event_id = p_event AND (u.seat_id = ANY (v_wanted) OR u.id = ANY (v_wanted))
          AND (u.status = 'available' OR (u.status = 'held' AND u.held_until < p_now))
        RETURNING u.id, u.seat_id, u.ticket_type_id
      ), added AS (
        INSERT INTO hold_items (hold_id, unit_id, ticket_type_id, price_amount, fee_amount, created_at)
        SELECT v_hold.id, c.id, c.ticket_type_id, tt.price_amount, p_fee, p_now
        FROM claimed c JOIN ticket_types tt ON tt.id = c.ticket_type_id
        RETURNING unit_id
      )
      SELECT coalesce(jsonb_agg(w), '[]') INTO v_taken
        FROM unnest(v_wanted) w
        WHERE NOT EXISTS (SELECT 1 FROM claimed c JOIN added a ON a.unit_id = c.id WHERE c.id = w OR c.seat_id = w);
      IF jsonb_array_length(v_taken) > 0 THEN
        RAISE EXCEPTION USING ERRCODE = 'TBTKN', MESSAGE = 'taken', DETAIL = v_taken::text;
      END IF;
    END IF;
  EXCEPTION WHEN SQLSTATE 'TBLPO' OR SQLSTATE 'TBLPU' OR SQLSTATE 'TBTKN' THEN
    GET STACKED DIAGNOSTICS v_state = RETURNED_SQLSTATE, v_detail = PG_EXCEPTION_DETAIL;
    RETURN QUERY SELECT
      CASE v_state WHEN 'TBLPO' THEN 'limit_per_order' WHEN 'TBLPU' THEN 'limit_per_user' ELSE 'taken' END,
      NULL::uuid, NULL::timestamptz, NULL::uuid,
      CASE WHEN v_state = 'TBTKN' THEN v_detail::jsonb END;
    RETURN;
  END;

  RETURN QUERY SELECT 'held'::text, v_hold.id, v_until, v_hold.coupon_id,
    (SELECT coalesce(jsonb_agg(to_jsonb(i) - 'line_order' ORDER BY i.line_order), '[]') FROM cart_live_items(v_hold.id) AS i);
END
$$;
--> statement-breakpoint

-- Takes one line out of the fan's open cart for the event and gives its unit or listing back to sale.
-- outcome: 'released' (with the lines left), 'not_found' (no open cart, or no such line in it), or
-- 'settle' as above.
CREATE FUNCTION cart_release_item(p_user uuid, p_event uuid, p_item uuid, p_now timestamptz)
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
  IF v_hold.expires_at <= p_now OR v_hold.status = 'ordered' THEN
    RETURN QUERY SELECT 'settle'::text, v_hold.id, v_hold.expires_at, v_hold.coupon_id, NULL::jsonb;
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
  RETURN QUERY SELECT 'released'::text, v_hold.id, v_hold.expires_at, v_hold.coupon_id,
    (SELECT coalesce(jsonb_agg(to_jsonb(i) - 'line_order' ORDER BY i.line_order), '[]') FROM cart_live_items(v_hold.id) AS i);
END
$$;
