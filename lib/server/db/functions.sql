-- Every database function of Tribuna, applied with CREATE OR REPLACE after the migrations by every path
-- that migrates (lib/server/db/client.ts applyFunctions: the server's start, npm run db:migrate, the
-- seed, the tests). A rule change is a diff of this file; migrations only change tables.
-- README, Decisions: "Holds in the database" says why the cart's holds live here.

-- Migration 0001 made cart_hold_seats; holding anything is now cart_hold below.
DROP FUNCTION IF EXISTS cart_hold_seats(uuid, uuid, uuid[], timestamptz, integer, integer, integer, integer);

-- ── Whether a hold is live ──────────────────────────────────────────────────────────────────────────
-- The one place this is decided (docs/decisions/rules-with-one-home.md). A hold (a fan's cart, or a
-- season hold) is live while it is open, a cart ('active') or at checkout ('ordered'), and its time
-- has not run out: at expires_at it is over, whether or not the sweeper has ended it yet. Everything
-- that asks (the cart, checkout, the sweeper, the wallet, packages, reminders) calls this, from SQL
-- or through lib/server/cart/live.ts. Simple SQL functions: PostgreSQL inlines them into the calling
-- query, so an index still serves it.
CREATE OR REPLACE FUNCTION hold_is_live(p_status hold_status, p_expires_at timestamptz, p_now timestamptz)
RETURNS boolean LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT p_status IN ('active', 'ordered') AND p_expires_at > p_now
$$;

-- What a hold claims (a unit, a resale listing) carries the hold's time as held_until: it is held while
-- a hold with that time would be live. NULL for a NULL held_until (unit_is_free counts such a unit free).
CREATE OR REPLACE FUNCTION held_until_live(p_held_until timestamptz, p_now timestamptz)
RETURNS boolean LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT hold_is_live('active', p_held_until, p_now)
$$;

-- ── What is free ────────────────────────────────────────────────────────────────────────────────────
-- A unit (seat or standing place) is free when available, or held by a hold whose time ran out: an
-- expired hold never counts as taken (DESIGN.md §4), even before the sweeper resets the row. Holds,
-- sales, availability and the catalogue all ask this.
CREATE OR REPLACE FUNCTION unit_is_free(p_status unit_status, p_held_until timestamptz, p_now timestamptz)
RETURNS boolean LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT p_status = 'available' OR (p_status = 'held' AND NOT coalesce(held_until_live(p_held_until, p_now), false))
$$;

-- A unit in a live cart: what the organiser's counts call held (and, with the sold ones, taken).
CREATE OR REPLACE FUNCTION unit_is_held(p_status unit_status, p_held_until timestamptz, p_now timestamptz)
RETURNS boolean LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT p_status = 'held' AND p_held_until IS NOT NULL AND held_until_live(p_held_until, p_now)
$$;

-- A resale listing can be bought when it is on sale and no live cart holds it.
CREATE OR REPLACE FUNCTION listing_is_free(p_status listing_status, p_hold uuid, p_held_until timestamptz, p_now timestamptz)
RETURNS boolean LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT p_status = 'active' AND (p_hold IS NULL OR NOT coalesce(held_until_live(p_held_until, p_now), false))
$$;

-- ── The waiting list holds returned tickets back ─────────────────────────────────────────────────────
-- While the event's waiting list is on and a fan waits for a category (or for any of the event's), its
-- free units are the list's: they go to the fans in line (waiting_list_offer below), not to general sale.
-- cart_hold refuses them ('waiting_list') and a late payment cannot take them (inventory/sell.ts).
-- One SELECT: inlined into the calling query.
CREATE OR REPLACE FUNCTION waiting_list_reserves(p_event uuid, p_type uuid)
RETURNS boolean LANGUAGE sql STABLE AS $$
  SELECT EXISTS (
    SELECT 1 FROM waiting_list_entries w JOIN events e ON e.id = w.event_id
    WHERE w.event_id = p_event AND w.status = 'waiting' AND e.waiting_list_enabled
      AND (w.ticket_type_id IS NULL OR w.ticket_type_id = p_type))
$$;

-- ── Accessible seats are held back (lib/server/concessions) ─────────────────────────────────────────
-- Whether any of p_seats (seat or unit ids of the event) is a wheelchair place or a companion seat
-- (accessible_seats) that a general cart may not hold. The one exception: the wheelchair place the
-- concessions' hold names for its transaction (set_config('tribuna.accessible_seat', seat id, true))
-- with a ZŤP or ZŤP-S concession. Companion seats go only as a ZŤP-S ticket's free companion, claimed
-- by that module itself. Every seat hold asks this, so it is an index probe per asked id, seat ids
-- through accessible_seats' key and unit ids through the units' key (one query with "seat_id = ANY OR
-- id = ANY" read every unit of the event), and PL/pgSQL, whose plan the connection keeps: a SQL
-- function with a subquery is not inlined, and PostgreSQL parsed and planned its body at every call.
CREATE OR REPLACE FUNCTION seats_held_back(p_event uuid, p_seats uuid[])
RETURNS boolean LANGUAGE plpgsql STABLE AS $$
BEGIN
  RETURN EXISTS (
      SELECT 1 FROM accessible_seats a JOIN inventory_units u ON u.seat_id = a.seat_id
      WHERE a.seat_id = ANY (p_seats) AND u.event_id = p_event
        AND (a.kind = 'companion' OR a.seat_id::text IS DISTINCT FROM nullif(current_setting('tribuna.accessible_seat', true), '')))
    OR EXISTS (
      SELECT 1 FROM inventory_units u JOIN accessible_seats a ON a.seat_id = u.seat_id
      WHERE u.id = ANY (p_seats) AND u.event_id = p_event
        AND (a.kind = 'companion' OR a.seat_id::text IS DISTINCT FROM nullif(current_setting('tribuna.accessible_seat', true), '')));
END
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
      WHERE h.user_id = p_user AND h.event_id = p_event AND h.status IN ('active', 'ordered') AND h.season_id IS NULL
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
  SELECT CASE WHEN NOT hold_is_live(p_hold.status, p_hold.expires_at, p_now) THEN 'end' WHEN p_hold.status = 'ordered' THEN 'reopen' END
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
-- p_fee: the buyer's fee in minor units, computed by the caller (lib/money.ts resaleFee: the one place
-- the rounding lives; a listing's price never changes, so the fee asked for is the fee of the row claimed).
-- Until issue 30 it took the fee's basis points and rounded here.
DO $$ BEGIN
  IF EXISTS (SELECT 1 FROM pg_proc WHERE proname = 'cart_claim_listing' AND 'p_fee_bps' = ANY (proargnames)) THEN
    DROP FUNCTION cart_claim_listing(uuid, uuid, uuid, uuid, timestamptz, timestamptz, integer);
  END IF;
END $$;
CREATE OR REPLACE FUNCTION cart_claim_listing(p_hold uuid, p_user uuid, p_event uuid, p_listing uuid, p_until timestamptz, p_now timestamptz, p_fee integer)
RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  WITH claimed AS (
    UPDATE resale_listings l SET hold_id = p_hold, held_until = p_until
    WHERE l.id = p_listing AND l.event_id = p_event AND l.seller_id <> p_user
      AND listing_is_free(l.status, l.hold_id, l.held_until, p_now)
    RETURNING l.id, l.ticket_id, l.price_amount
  )
  INSERT INTO hold_items (hold_id, listing_id, ticket_type_id, price_amount, fee_amount, created_at)
    SELECT p_hold, c.id, t.ticket_type_id, c.price_amount, p_fee, p_now
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
-- 'type_not_found', 'limit_per_order' / 'limit_per_user', 'waiting_list' (the category's free units are the
-- waiting list's: waiting_list_reserves), or 'settle': the open cart ran out of time
-- or is at checkout, and the caller settles it and calls again in the same transaction.
-- Every outcome but 'held' leaves the database as it was.
-- p_fee: a primary ticket's service fee; p_resale_fee: the buyer's fee of the listing p_listing (both
-- minor units, computed by the caller: lib/server/cart/hold.ts). Until issue 30 the latter was basis points.
DO $$ BEGIN
  IF EXISTS (SELECT 1 FROM pg_proc WHERE proname = 'cart_hold' AND 'p_resale_fee_bps' = ANY (proargnames)) THEN
    DROP FUNCTION cart_hold(uuid, uuid, uuid[], uuid, integer, uuid, timestamptz, integer, integer, integer, integer, integer);
  END IF;
END $$;
-- cart_hold and cart_release_item (and what they call) run on the connection's generic plans: with the
-- default plan choice PostgreSQL planned most of their statements again at every call (their custom plan
-- looked cheaper than the generic one on paper), about a quarter of the database's work per hold in the
-- on-sale bench. Every statement here is an index probe either way (docs/decisions/hot-paths-again.md).
CREATE OR REPLACE FUNCTION cart_hold(
  p_user uuid, p_event uuid, p_seats uuid[], p_type uuid, p_quantity integer, p_listing uuid,
  p_now timestamptz, p_minutes integer, p_max_order integer, p_max_user integer, p_fee integer, p_resale_fee integer
)
RETURNS TABLE (outcome text, hold_id uuid, expires_at timestamptz, coupon_id uuid, detail jsonb)
LANGUAGE plpgsql SET plan_cache_mode = force_generic_plan AS $$
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
          WHERE u.hold_id = v_hold.id AND u.status = 'held' AND (u.seat_id = asked.w OR u.id = asked.w));
      v_wanted := cardinality(v_seats);
      -- Wheelchair places and companion seats are held back for those who need them: only the
      -- concessions' own hold (lib/server/concessions/accessible.ts) may take one, naming it here.
      IF seats_held_back(p_event, v_seats) THEN
        RAISE EXCEPTION USING ERRCODE = 'TBACC', MESSAGE = 'accessible';
      END IF;
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

    -- Returned tickets go to the waiting list before general sale: while fans wait for a category,
    -- nobody else may hold its units. An index probe per hold while no one waits for the event.
    IF v_wanted > 0 AND p_listing IS NULL
       AND EXISTS (SELECT 1 FROM waiting_list_entries w WHERE w.event_id = p_event AND w.status = 'waiting') THEN
      IF p_seats IS NOT NULL THEN
        IF EXISTS (SELECT 1 FROM inventory_units u
                   WHERE u.event_id = p_event AND (u.seat_id = ANY (v_seats) OR u.id = ANY (v_seats))
                     AND waiting_list_reserves(p_event, u.ticket_type_id)) THEN
          RAISE EXCEPTION USING ERRCODE = 'TBWLR', MESSAGE = 'waiting_list';
        END IF;
      ELSIF waiting_list_reserves(p_event, p_type) THEN
        RAISE EXCEPTION USING ERRCODE = 'TBWLR', MESSAGE = 'waiting_list';
      END IF;
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
        PERFORM cart_claim_listing(v_hold.id, p_user, p_event, p_listing, v_until, p_now, p_resale_fee);
      ELSE
        PERFORM cart_claim_places(v_hold.id, p_event, p_type, p_quantity, v_until, p_now, p_fee);
      END IF;
    END IF;
  EXCEPTION WHEN SQLSTATE 'TBSTL' OR SQLSTATE 'TBLPO' OR SQLSTATE 'TBLPU' OR SQLSTATE 'TBTKN' OR SQLSTATE 'TBSLD' OR SQLSTATE 'TBTYP' OR SQLSTATE 'TBWLR' OR SQLSTATE 'TBACC' THEN
    GET STACKED DIAGNOSTICS v_state = RETURNED_SQLSTATE, v_detail = PG_EXCEPTION_DETAIL;
    RETURN QUERY SELECT
      CASE v_state WHEN 'TBSTL' THEN 'settle' WHEN 'TBLPO' THEN 'limit_per_order' WHEN 'TBLPU' THEN 'limit_per_user'
        WHEN 'TBSLD' THEN 'sold_out' WHEN 'TBTYP' THEN 'type_not_found' WHEN 'TBWLR' THEN 'waiting_list' WHEN 'TBACC' THEN 'accessible' ELSE 'taken' END,
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
LANGUAGE plpgsql SET plan_cache_mode = force_generic_plan AS $$
DECLARE
  v_hold holds%ROWTYPE;
  v_removed integer;
BEGIN
  SELECT * INTO v_hold FROM holds h
    WHERE h.user_id = p_user AND h.event_id = p_event AND h.status IN ('active', 'ordered') AND h.season_id IS NULL
    FOR UPDATE;
  IF NOT FOUND THEN
    RETURN QUERY SELECT 'not_found'::text, NULL::uuid, NULL::timestamptz, NULL::uuid, NULL::jsonb;
    RETURN;
  END IF;
  IF cart_settlement(v_hold, p_now) IS NOT NULL THEN
    RETURN QUERY SELECT 'settle'::text, NULL::uuid, NULL::timestamptz, NULL::uuid, NULL::jsonb;
    RETURN;
  END IF;
  -- A package's line takes all of its tickets with it (package_hold below): never a part of a package.
  WITH item AS (
    DELETE FROM hold_items hi WHERE hi.hold_id = v_hold.id AND (hi.id = p_item OR hi.package_line_id IN (
      SELECT x.package_line_id FROM hold_items x WHERE x.id = p_item AND x.hold_id = v_hold.id))
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

-- ── Season tickets (lib/server/seasons) ─────────────────────────────────────────────────────────────
-- A season ticket is one seat at every remaining match of the season (not cancelled, on sale, not yet
-- started). A season hold (holds.season_id set, event_id its first remaining match) holds that seat's
-- unit at each of them, like any hold: the sweeper and endHold give them back.

-- When a season sells, the one place its two windows are decided (lib/server/seasons/windows.ts reads
-- them for the sale page, the match page and Your tickets; docs/decisions/rules-with-one-home.md):
-- the general sale is open from sale_opens_at until sale_closes_at (no end without one); the renewal is
-- 'ahead' until renewal_opens_at, 'open' from then until renewal_closes_at, and 'over' after it (or when
-- the season has none). Last season's seats are kept for their holders until it is 'over'.
CREATE OR REPLACE FUNCTION season_sale_open(p_opens timestamptz, p_closes timestamptz, p_now timestamptz)
RETURNS boolean LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT coalesce(p_opens <= p_now AND (p_closes IS NULL OR p_now < p_closes), false)
$$;
CREATE OR REPLACE FUNCTION season_renewal(p_opens timestamptz, p_closes timestamptz, p_now timestamptz)
RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE WHEN p_closes IS NULL OR p_closes <= p_now THEN 'over' WHEN p_opens <= p_now THEN 'open' ELSE 'ahead' END
$$;

-- The remaining matches of a season at p_now, first first.
CREATE OR REPLACE FUNCTION season_remaining_matches(p_season uuid, p_now timestamptz)
RETURNS TABLE (event_id uuid, starts_at timestamptz)
LANGUAGE sql STABLE AS $$
  SELECT e.id, e.starts_at FROM events e
  WHERE e.season_id = p_season AND e.starts_at > p_now AND e.status IN ('on_sale', 'sold_out')
  ORDER BY e.starts_at, e.id
$$;

-- What each seat of the season is for p_user at p_now, the one place this is decided (the season's seat
-- map and season_hold both ask it):
--   'free'     free (unit_is_free) at EVERY remaining match, priced, nobody's to renew;
--   'renew'    the same, and p_user held it last season: theirs to renew while the renewal lasts;
--   'reserved' a holder of last season may still renew it (season_renewal not 'over'): nobody else may take it;
--   'mine'     p_user's season ticket of this season; 'sold' someone else's;
--   'taken'    held or sold at some remaining match, reserved for its waiting list there, or not sold at
--              one of them, or not priced.
-- Priced: the seat's price category (ticket type) at EVERY remaining match is mapped onto one of the
-- season's categories (ticket_types.season_category_id); category_id and price are those of the one its
-- category at the first remaining match maps to (season_categories).
-- p_seats: only these seats (a hold asks about its own), or NULL for every seat (the seat map).
DROP FUNCTION IF EXISTS season_seats(uuid, uuid, timestamptz);
-- Until issue 28 it answered a price category code (season_prices); a new result type needs a new function.
DO $$ BEGIN
  IF EXISTS (SELECT 1 FROM pg_proc WHERE proname = 'season_seats' AND 'code' = ANY (proargnames)) THEN
    DROP FUNCTION season_seats(uuid, uuid, timestamptz, uuid[]);
  END IF;
END $$;
CREATE OR REPLACE FUNCTION season_seats(p_season uuid, p_user uuid, p_now timestamptz, p_seats uuid[])
RETURNS TABLE (seat_id uuid, category_id uuid, price integer, state text)
LANGUAGE sql STABLE AS $$
  WITH m AS (
    SELECT r.event_id, row_number() OVER (ORDER BY r.starts_at, r.event_id) AS n FROM season_remaining_matches(p_season, p_now) r
  ), waiting AS (
    -- Categories whose free units are the waiting list's at a match (waiting_list_reserves, as for every
    -- hold): asked once per category, not once per unit.
    SELECT tt.id AS ticket_type_id FROM ticket_types tt JOIN m ON m.event_id = tt.event_id
    WHERE waiting_list_reserves(tt.event_id, tt.id)
  ), per_seat AS (
    SELECT u.seat_id,
           (array_agg(sc.id) FILTER (WHERE m.n = 1))[1] AS category_id,
           bool_and(sc.id IS NOT NULL) AS all_mapped,
           count(*) AS matches,
           -- A unit held back for the renewal (season_renewal_blocks) is the holder's to renew; a free unit
           -- the waiting list reserves is the fans' in line, not the season's.
           bool_and((unit_is_free(u.status, u.held_until, p_now) AND w.ticket_type_id IS NULL) OR rb.unit_id IS NOT NULL) AS all_free
    FROM inventory_units u
    JOIN m ON m.event_id = u.event_id
    JOIN ticket_types tt ON tt.id = u.ticket_type_id
    LEFT JOIN season_categories sc ON sc.id = tt.season_category_id AND sc.season_id = p_season
    LEFT JOIN season_renewal_blocks rb ON rb.unit_id = u.id AND rb.season_id = p_season AND u.status = 'blocked'
    LEFT JOIN waiting w ON w.ticket_type_id = u.ticket_type_id
    WHERE u.seat_id IS NOT NULL AND (p_seats IS NULL OR u.seat_id = ANY (p_seats))
    GROUP BY u.seat_id
  )
  SELECT ps.seat_id, ps.category_id, sc.price_amount,
    CASE
      WHEN st.id IS NOT NULL THEN CASE WHEN st.user_id = p_user THEN 'mine' ELSE 'sold' END
      WHEN ps.matches < (SELECT count(*) FROM m) OR NOT ps.all_free OR NOT ps.all_mapped THEN 'taken'
      WHEN prev.user_id IS NOT NULL AND season_renewal(s.renewal_opens_at, s.renewal_closes_at, p_now) <> 'over' THEN CASE WHEN prev.user_id = p_user THEN 'renew' ELSE 'reserved' END
      -- Wheelchair places and companion seats are held back for ZŤP / ZŤP-S card holders, who buy them match
      -- by match with their card (lib/server/concessions): never on general season sale (last season's holder
      -- of one still renews it above).
      WHEN EXISTS (SELECT 1 FROM accessible_seats a WHERE a.seat_id = ps.seat_id) THEN 'taken'
      ELSE 'free'
    END
  FROM per_seat ps
  JOIN seasons s ON s.id = p_season
  LEFT JOIN season_categories sc ON sc.id = ps.category_id
  LEFT JOIN season_tickets st ON st.season_id = s.id AND st.seat_id = ps.seat_id
  LEFT JOIN season_tickets prev ON prev.season_id = s.renews_season_id AND prev.seat_id = ps.seat_id
$$;

-- Holds seats for a season ticket in a new season hold of p_user, all or nothing over the seats and
-- the remaining matches: 'free' seats while the season's sale is open, the fan's own 'renew' seat while
-- the renewal is open (season_seats). The caller has ended the fan's previous open hold of the season.
-- outcome: 'held' (hold_id, expires_at), 'taken' (detail: the seat ids nobody could have),
-- 'not_on_sale' (outside the windows, or no remaining match). Anything but 'held' changes nothing.
-- p_presale: the fan was admitted by the season sale's waiting room in its presale window (issue 34): the
-- general sale counts as open from now until it closes, before its opening.
CREATE OR REPLACE FUNCTION season_hold(p_user uuid, p_season uuid, p_seats uuid[], p_now timestamptz, p_minutes integer, p_presale boolean)
RETURNS TABLE (outcome text, hold_id uuid, expires_at timestamptz, detail jsonb)
LANGUAGE plpgsql AS $$
DECLARE
  v_season seasons%ROWTYPE;
  v_matches uuid[];
  v_hold uuid;
  v_until timestamptz := p_now + make_interval(mins => p_minutes);
  v_sale boolean;
  v_renewal boolean;
  v_refused jsonb;
  v_claimed integer;
  v_state text;
  v_detail text;
BEGIN
  SELECT * INTO v_season FROM seasons WHERE id = p_season;
  IF NOT FOUND THEN
    RETURN QUERY SELECT 'not_on_sale'::text, NULL::uuid, NULL::timestamptz, NULL::jsonb;
    RETURN;
  END IF;
  SELECT coalesce(array_agg(r.event_id ORDER BY r.starts_at, r.event_id), '{}') INTO v_matches FROM season_remaining_matches(p_season, p_now) r;
  IF cardinality(v_matches) = 0 OR cardinality(p_seats) = 0 THEN
    RETURN QUERY SELECT 'not_on_sale'::text, NULL::uuid, NULL::timestamptz, NULL::jsonb;
    RETURN;
  END IF;
  v_sale := season_sale_open(CASE WHEN p_presale AND v_season.sale_opens_at IS NOT NULL THEN least(v_season.sale_opens_at, p_now) ELSE v_season.sale_opens_at END, v_season.sale_closes_at, p_now);
  v_renewal := season_renewal(v_season.renewal_opens_at, v_season.renewal_closes_at, p_now) = 'open';
  BEGIN
    -- Seats the fan may not have now: not 'free' in the sale, not their own 'renew' in the renewal.
    SELECT coalesce(jsonb_agg(w), '[]') INTO v_refused
      FROM (SELECT DISTINCT w FROM unnest(p_seats) w) asked
      WHERE NOT EXISTS (
        SELECT 1 FROM season_seats(p_season, p_user, p_now, p_seats) ss
        WHERE ss.seat_id = asked.w AND ((ss.state = 'free' AND v_sale) OR (ss.state = 'renew' AND v_renewal)));
    IF jsonb_array_length(v_refused) > 0 THEN
      IF NOT v_sale AND NOT v_renewal THEN
        RAISE EXCEPTION USING ERRCODE = 'TBNOS', MESSAGE = 'not_on_sale';
      END IF;
      RAISE EXCEPTION USING ERRCODE = 'TBTKN', MESSAGE = 'taken', DETAIL = v_refused::text;
    END IF;
    INSERT INTO holds (user_id, event_id, season_id, expires_at, created_at, updated_at)
      VALUES (p_user, v_matches[1], p_season, v_until, p_now, p_now)
      RETURNING id INTO v_hold;
    -- Locked in one order (by id) so that two fans claiming overlapping seats queue instead of
    -- deadlocking; a row another fan is claiming is re-checked after that one commits.
    PERFORM 1 FROM inventory_units u
      WHERE u.event_id = ANY (v_matches) AND u.seat_id = ANY (p_seats)
      ORDER BY u.id FOR UPDATE;
    -- Free units, or units held back for this season's renewal (the check above let only their holder,
    -- or anyone once the window has ended, ask for them).
    WITH claimed AS (
      UPDATE inventory_units u SET status = 'held', hold_id = v_hold, held_until = v_until
      WHERE u.event_id = ANY (v_matches) AND u.seat_id = ANY (p_seats)
        AND (unit_is_free(u.status, u.held_until, p_now)
             OR (u.status = 'blocked' AND EXISTS (SELECT 1 FROM season_renewal_blocks rb WHERE rb.unit_id = u.id AND rb.season_id = p_season)))
      RETURNING u.id, u.seat_id, u.event_id, u.ticket_type_id
    ), unblocked AS (
      DELETE FROM season_renewal_blocks rb USING claimed c WHERE rb.unit_id = c.id
    ), priced AS (
      -- The season price of the seat's season category (season_seats: the one its category at the first
      -- remaining match maps to) split over the matches; the first ones take the remainder.
      SELECT c.id, c.ticket_type_id, ss.price AS total,
             row_number() OVER (PARTITION BY c.seat_id ORDER BY array_position(v_matches, c.event_id)) AS n
      FROM claimed c
      JOIN season_seats(p_season, p_user, p_now, p_seats) ss ON ss.seat_id = c.seat_id
    )
    INSERT INTO hold_items (hold_id, unit_id, ticket_type_id, price_amount, fee_amount, created_at)
      SELECT v_hold, p.id, p.ticket_type_id,
             p.total / cardinality(v_matches) + CASE WHEN p.n <= p.total % cardinality(v_matches) THEN 1 ELSE 0 END, 0, p_now
      FROM priced p;
    GET DIAGNOSTICS v_claimed = ROW_COUNT;
    IF v_claimed <> cardinality(v_matches) * (SELECT count(DISTINCT w) FROM unnest(p_seats) w) THEN
      RAISE EXCEPTION USING ERRCODE = 'TBTKN', MESSAGE = 'taken', DETAIL = (
        SELECT coalesce(jsonb_agg(DISTINCT w), '[]') FROM unnest(p_seats) w
        WHERE (SELECT count(*) FROM inventory_units u WHERE u.hold_id = v_hold AND u.seat_id = w) < cardinality(v_matches))::text;
    END IF;
  EXCEPTION WHEN SQLSTATE 'TBTKN' OR SQLSTATE 'TBNOS' THEN
    GET STACKED DIAGNOSTICS v_state = RETURNED_SQLSTATE, v_detail = PG_EXCEPTION_DETAIL;
    RETURN QUERY SELECT CASE v_state WHEN 'TBNOS' THEN 'not_on_sale' ELSE 'taken' END,
      NULL::uuid, NULL::timestamptz, CASE WHEN v_state = 'TBTKN' THEN v_detail::jsonb END;
    RETURN;
  END;
  RETURN QUERY SELECT 'held'::text, v_hold, v_until, NULL::jsonb;
END
$$;
-- The previous release's call (five arguments, no presale), kept while it may still run during an upgrade
-- (expand-then-contract, tests/integration/schema-compat.test.ts): a hold as the general sale allows.
CREATE OR REPLACE FUNCTION season_hold(p_user uuid, p_season uuid, p_seats uuid[], p_now timestamptz, p_minutes integer)
RETURNS TABLE (outcome text, hold_id uuid, expires_at timestamptz, detail jsonb)
LANGUAGE sql AS $$
  SELECT * FROM season_hold(p_user, p_season, p_seats, p_now, p_minutes, false);
$$;

-- Keeps last season's seats for their holders while a season's renewal window lasts: at the season's
-- remaining matches, a free unit of a seat held last season and not renewed yet becomes 'blocked' and
-- is noted in season_renewal_blocks, so no single-match cart and no other season ticket can take it
-- (a renewal hold that ran out gives the unit back to sale; the next sweep holds it back again). Once
-- the window has ended, the blocks go and the units are on sale. Run by the sweeper of every server
-- process and after every change of a season (lib/server/seasons/renewal-blocks.ts); rows another
-- transaction is changing are skipped (SKIP LOCKED) and taken at the next sweep. Answers the matches
-- whose seats changed.
CREATE OR REPLACE FUNCTION season_renewal_sweep(p_now timestamptz)
RETURNS TABLE (event_id uuid)
LANGUAGE sql AS $$
  WITH target AS (
    SELECT u.id, s.id AS season_id, u.event_id
    FROM seasons s
    JOIN events e ON e.season_id = s.id AND e.starts_at > p_now AND e.status IN ('on_sale', 'sold_out')
    JOIN season_tickets prev ON prev.season_id = s.renews_season_id
    JOIN inventory_units u ON u.event_id = e.id AND u.seat_id = prev.seat_id
    WHERE season_renewal(s.renewal_opens_at, s.renewal_closes_at, p_now) <> 'over'
      AND NOT EXISTS (SELECT 1 FROM season_tickets st WHERE st.season_id = s.id AND st.seat_id = prev.seat_id)
      AND unit_is_free(u.status, u.held_until, p_now)
    FOR UPDATE OF u SKIP LOCKED
  ), blocked AS (
    UPDATE inventory_units u SET status = 'blocked', hold_id = NULL, held_until = NULL
    FROM target WHERE u.id = target.id
    RETURNING u.id, target.season_id, u.event_id
  ), noted AS (
    INSERT INTO season_renewal_blocks (unit_id, season_id) SELECT id, season_id FROM blocked ON CONFLICT DO NOTHING
  ), ended AS (
    DELETE FROM season_renewal_blocks rb USING seasons s
    WHERE s.id = rb.season_id AND season_renewal(s.renewal_opens_at, s.renewal_closes_at, p_now) = 'over'
    RETURNING rb.unit_id
  ), released AS (
    UPDATE inventory_units u SET status = 'available'
    FROM ended WHERE u.id = ended.unit_id AND u.status = 'blocked'
    RETURNING u.event_id
  )
  SELECT DISTINCT x.event_id FROM (SELECT b.event_id FROM blocked b UNION ALL SELECT r.event_id FROM released r) x
$$;
-- ── The waiting list's offers: what lib/server/waiting-list/offers.ts calls ───────────────────────────
-- Offers the event's free units to the fans in line, first come first served, and answers the entries it
-- offered to (lib/server/waiting-list/tell.ts tells those fans). First it settles the offers already made:
-- one whose cart was paid is 'bought'; one whose time ran out, or whose cart ended, is 'expired' (its
-- units were free once their time ran out: unit_is_free) and its units pass on in this same call.
-- Then each waiting fan in order of joining gets, when enough units of their category are free, as many
-- as they asked for (never more than the per-fan and per-order limits allow): the units are claimed
-- into the fan's cart (a hold like any other) until now + the event's offer minutes. A fan whose whole
-- request does not fit yet keeps their place; the next one whose request fits is offered meanwhile.
-- A fan whose open cart must be settled first (ran out of time, or is at checkout) is left for the next
-- call (the sweeper ends expired carts before it offers).
-- One run per event at a time (advisory lock), and units are claimed with a conditional UPDATE of
-- rows locked FOR UPDATE SKIP LOCKED, so a unit is offered to exactly one fan.
CREATE OR REPLACE FUNCTION waiting_list_offer(p_event uuid, p_now timestamptz)
RETURNS TABLE (entry_id uuid) LANGUAGE plpgsql AS $$
DECLARE
  v_event events%ROWTYPE;
  v_entry waiting_list_entries%ROWTYPE;
  v_hold holds%ROWTYPE;
  v_until timestamptz;
  v_free integer;
  v_want integer;
  v_owned integer;
  v_in_cart integer;
  v_got integer;
BEGIN
  PERFORM pg_advisory_xact_lock(hashtext('waiting-list'), hashtext(p_event::text));
  SELECT * INTO v_event FROM events e WHERE e.id = p_event;
  IF NOT FOUND THEN
    RETURN;
  END IF;

  UPDATE waiting_list_entries w
    SET status = CASE WHEN h.status = 'completed' THEN 'bought'::waiting_status ELSE 'expired'::waiting_status END, updated_at = p_now
    FROM holds h
    WHERE w.event_id = p_event AND w.status = 'offered' AND h.id = w.hold_id
      AND (h.status IN ('completed', 'expired', 'released') OR (w.offer_expires_at <= p_now AND h.status = 'active'));
  UPDATE waiting_list_entries w SET status = 'expired', updated_at = p_now
    WHERE w.event_id = p_event AND w.status = 'offered' AND w.hold_id IS NULL;

  IF NOT v_event.waiting_list_enabled OR v_event.status <> 'on_sale' THEN
    RETURN;
  END IF;

  FOR v_entry IN
    SELECT * FROM waiting_list_entries w WHERE w.event_id = p_event AND w.status = 'waiting'
    ORDER BY w.created_at, w.id FOR UPDATE
  LOOP
    SELECT count(*) INTO v_owned FROM tickets t WHERE t.owner_id = v_entry.user_id AND t.event_id = p_event AND t.status <> 'void';
    v_want := least(v_entry.quantity, v_event.max_tickets_per_user - v_owned, v_event.max_tickets_per_order);
    IF v_want <= 0 THEN
      UPDATE waiting_list_entries SET status = 'closed', updated_at = p_now WHERE id = v_entry.id;
      CONTINUE;
    END IF;
    SELECT count(*) INTO v_free FROM inventory_units u
      WHERE u.event_id = p_event AND (v_entry.ticket_type_id IS NULL OR u.ticket_type_id = v_entry.ticket_type_id)
        AND unit_is_free(u.status, u.held_until, p_now);
    CONTINUE WHEN v_free < v_want;

    -- One sub-block per fan: a fan who cannot be offered now (their open cart must be settled first, they
    -- may not have more tickets, or rows another transaction is deciding on) leaves nothing behind, not
    -- even a new empty cart, and keeps their place for the next call.
    BEGIN
      v_hold := cart_lock_hold(v_entry.user_id, p_event, p_now, v_event.waiting_list_offer_minutes, true);
      IF cart_settlement(v_hold, p_now) IS NOT NULL THEN
        RAISE EXCEPTION USING ERRCODE = 'TBSHT', MESSAGE = 'settle first';
      END IF;
      SELECT count(*) INTO v_in_cart FROM hold_items hi WHERE hi.hold_id = v_hold.id;
      v_want := least(v_want, v_event.max_tickets_per_order - v_in_cart, v_event.max_tickets_per_user - v_owned - v_in_cart);
      IF v_want <= 0 THEN
        RAISE EXCEPTION USING ERRCODE = 'TBSHT', MESSAGE = 'no room';
      END IF;
      v_until := p_now + make_interval(mins => v_event.waiting_list_offer_minutes);
      WITH picked AS (
        SELECT u.id FROM inventory_units u
        WHERE u.event_id = p_event AND (v_entry.ticket_type_id IS NULL OR u.ticket_type_id = v_entry.ticket_type_id)
          AND unit_is_free(u.status, u.held_until, p_now)
        ORDER BY u.ticket_type_id, u.seat_id, u.id
        LIMIT v_want
        FOR UPDATE SKIP LOCKED
      ), claimed AS (
        UPDATE inventory_units u SET status = 'held', hold_id = v_hold.id, held_until = v_until
        FROM picked WHERE u.id = picked.id AND unit_is_free(u.status, u.held_until, p_now)
        RETURNING u.id, u.ticket_type_id
      )
      INSERT INTO hold_items (hold_id, unit_id, ticket_type_id, price_amount, fee_amount, created_at)
        SELECT v_hold.id, c.id, c.ticket_type_id, tt.price_amount, v_event.service_fee_amount, p_now
        FROM claimed c JOIN ticket_types tt ON tt.id = c.ticket_type_id;
      GET DIAGNOSTICS v_got = ROW_COUNT;
      IF v_got < v_want THEN
        RAISE EXCEPTION USING ERRCODE = 'TBSHT', MESSAGE = 'short';
      END IF;
      UPDATE holds SET expires_at = greatest(expires_at, v_until), updated_at = p_now WHERE id = v_hold.id;
      UPDATE waiting_list_entries
        SET status = 'offered', hold_id = v_hold.id, offered_at = p_now, offer_expires_at = v_until, told_at = NULL, updated_at = p_now
        WHERE id = v_entry.id;
    EXCEPTION WHEN SQLSTATE 'TBSHT' THEN
      CONTINUE;
    END;
    entry_id := v_entry.id;
    RETURN NEXT;
  END LOOP;
END
$$;
-- Whether a unit's ticket is in its holder's name (a risk match, Slovak act 1/2014): the whole event is
-- named, or the unit's seat lies in a named section of the event; a standing place, whose unit has no
-- seat, when a section its category sells is named. The one place this rule lives (named-tickets/).
CREATE OR REPLACE FUNCTION unit_is_named(p_unit uuid)
RETURNS boolean
LANGUAGE sql STABLE AS $$
  SELECT coalesce((
    SELECT e.named_tickets
      OR EXISTS (
        SELECT 1 FROM event_named_sections ns
        WHERE ns.event_id = u.event_id
          AND (ns.section_id = (SELECT vs.section_id FROM venue_seats vs WHERE vs.id = u.seat_id)
            OR (u.seat_id IS NULL AND EXISTS (
              SELECT 1 FROM event_sections es
              WHERE es.event_id = u.event_id AND es.section_id = ns.section_id AND es.ticket_type_id = u.ticket_type_id)))
      )
    FROM inventory_units u JOIN events e ON e.id = u.event_id
    WHERE u.id = p_unit
  ), false)
$$;

-- ── Loyalty points (issue 18 item 6) ─────────────────────────────────────────
-- The ledger is written only here, by triggers, so that every path that checks a ticket in (an online
-- scan's grouped UPDATE, an offline sync), pays, refunds or voids earns or takes back points the same
-- way and in the same transaction. Each award and reversal is guarded by a partial unique index of
-- loyalty_ledger (ON CONFLICT DO NOTHING): two check-ins of one ticket at once award once.

-- The balance per fan and organiser follows every ledger line.
CREATE OR REPLACE FUNCTION loyalty_apply_balance()
RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO loyalty_balances (org_id, user_id, points) VALUES (NEW.org_id, NEW.user_id, NEW.points)
  ON CONFLICT (org_id, user_id) DO UPDATE SET points = loyalty_balances.points + EXCLUDED.points;
  RETURN NULL;
END
$$;

CREATE OR REPLACE TRIGGER loyalty_ledger_balance AFTER INSERT ON loyalty_ledger
  FOR EACH ROW EXECUTE FUNCTION loyalty_apply_balance();

-- Takes back, once, every line still standing that matches: `p_ticket` a voided ticket's attendance,
-- `p_order` the points an order earned (a refund) and those it was paid with (given back to the fan) —
-- less the points of it already given back ticket by ticket (lib/server/refunds: reversal lines without
-- reverses_id that name a ticket), so a partly refunded order refunded whole never gives them twice.
CREATE OR REPLACE FUNCTION loyalty_reverse(p_ticket uuid, p_order uuid)
RETURNS void
LANGUAGE sql AS $$
  INSERT INTO loyalty_ledger (org_id, user_id, points, kind, ticket_id, order_id, reverses_id)
  SELECT l.org_id, l.user_id,
    -l.points - CASE WHEN l.kind = 'redemption' THEN coalesce((SELECT sum(b.points) FROM loyalty_ledger b
      WHERE b.order_id = l.order_id AND b.kind = 'reversal' AND b.reverses_id IS NULL AND b.ticket_id IS NOT NULL), 0)::int ELSE 0 END,
    'reversal', l.ticket_id, l.order_id, l.id
  FROM loyalty_ledger l
  WHERE l.kind <> 'reversal'
    AND ((p_ticket IS NOT NULL AND l.ticket_id = p_ticket AND l.kind = 'attendance')
      OR (p_order IS NOT NULL AND l.order_id = p_order AND l.kind IN ('purchase', 'redemption')))
  ON CONFLICT DO NOTHING
$$;

-- Gives back the points an unpaid order was to be paid with (a new checkout of its cart spends them afresh).
CREATE OR REPLACE FUNCTION loyalty_return(p_order uuid)
RETURNS void
LANGUAGE sql AS $$
  INSERT INTO loyalty_ledger (org_id, user_id, points, kind, order_id, reverses_id)
  SELECT l.org_id, l.user_id, -l.points, 'reversal', l.order_id, l.id
  FROM loyalty_ledger l
  WHERE l.order_id = p_order AND l.kind = 'redemption'
  ON CONFLICT DO NOTHING
$$;

-- A fan's points with an organiser, their row locked until the transaction ends: a checkout that spends
-- points decides on this balance, and any other checkout spending the same points waits for it.
CREATE OR REPLACE FUNCTION loyalty_lock_balance(p_org uuid, p_user uuid)
RETURNS integer
LANGUAGE sql AS $$
  SELECT coalesce((SELECT points FROM loyalty_balances WHERE org_id = p_org AND user_id = p_user FOR UPDATE), 0)
$$;

-- Takes an order's loyalty_points from its buyer's balance, once: nothing when they are spent already
-- (and not given back). Answers false, spending nothing, when the balance (read under its row lock, so
-- two checkouts never both spend the same points) is short, unless `p_force`: a payment that arrived
-- after its cart ran out and gave the points back still had the discount, so it takes them again.
CREATE OR REPLACE FUNCTION loyalty_spend(p_order uuid, p_force boolean)
RETURNS boolean
LANGUAGE plpgsql AS $$
DECLARE
  v_points integer;
  v_user uuid;
  v_org uuid;
BEGIN
  SELECT o.loyalty_points, o.user_id, e.org_id INTO v_points, v_user, v_org
  FROM orders o JOIN events e ON e.id = o.event_id WHERE o.id = p_order;
  IF NOT FOUND OR v_points <= 0 THEN RETURN true; END IF;
  IF EXISTS (SELECT 1 FROM loyalty_ledger l WHERE l.order_id = p_order AND l.kind = 'redemption'
             AND NOT EXISTS (SELECT 1 FROM loyalty_ledger r WHERE r.reverses_id = l.id)) THEN
    RETURN true;
  END IF;
  IF loyalty_lock_balance(v_org, v_user) < v_points AND NOT p_force THEN RETURN false; END IF;
  INSERT INTO loyalty_ledger (org_id, user_id, points, kind, order_id) VALUES (v_org, v_user, -v_points, 'redemption', p_order);
  RETURN true;
END
$$;

-- A ticket checked in earns its holder the organiser's attendance points; a voided one gives them back.
CREATE OR REPLACE FUNCTION loyalty_on_ticket_status()
RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  v_program loyalty_programs%ROWTYPE;
BEGIN
  IF NEW.status = 'checked_in' THEN
    SELECT p.* INTO v_program FROM loyalty_programs p JOIN events e ON e.org_id = p.org_id WHERE e.id = NEW.event_id;
    IF FOUND AND v_program.enabled AND v_program.attendance_points > 0 THEN
      INSERT INTO loyalty_ledger (org_id, user_id, points, kind, ticket_id)
      VALUES (v_program.org_id, NEW.owner_id, v_program.attendance_points, 'attendance', NEW.id)
      ON CONFLICT DO NOTHING;
    END IF;
  ELSIF NEW.status = 'void' THEN
    PERFORM loyalty_reverse(NEW.id, NULL);
  END IF;
  RETURN NULL;
END
$$;

CREATE OR REPLACE TRIGGER loyalty_ticket_status AFTER UPDATE OF status ON tickets
  FOR EACH ROW WHEN (NEW.status IS DISTINCT FROM OLD.status AND NEW.status IN ('checked_in', 'void'))
  EXECUTE FUNCTION loyalty_on_ticket_status();

-- A paid order earns its buyer points per whole euro/koruna of its total (when the organiser set a
-- rate) and keeps the points it was paid with; a refund takes the earned ones back and gives the spent
-- ones back, as does an order that did not go through (cancelled, its cart ran out, or declined).
CREATE OR REPLACE FUNCTION loyalty_on_order_status()
RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  v_program loyalty_programs%ROWTYPE;
BEGIN
  IF NEW.status = 'paid' THEN
    PERFORM loyalty_spend(NEW.id, true);
    SELECT p.* INTO v_program FROM loyalty_programs p JOIN events e ON e.org_id = p.org_id WHERE e.id = NEW.event_id;
    IF FOUND AND v_program.enabled AND v_program.points_per_unit > 0 AND NEW.total_amount >= 100 THEN
      INSERT INTO loyalty_ledger (org_id, user_id, points, kind, order_id)
      VALUES (v_program.org_id, NEW.user_id, (NEW.total_amount / 100) * v_program.points_per_unit, 'purchase', NEW.id)
      ON CONFLICT DO NOTHING;
    END IF;
  ELSIF NEW.status = 'refunded' THEN
    PERFORM loyalty_reverse(NULL, NEW.id);
  ELSE
    PERFORM loyalty_return(NEW.id);
  END IF;
  RETURN NULL;
END
$$;

CREATE OR REPLACE TRIGGER loyalty_order_status AFTER UPDATE OF status ON orders
  FOR EACH ROW WHEN (NEW.status IS DISTINCT FROM OLD.status AND NEW.status IN ('paid', 'refunded', 'cancelled', 'failed'))
  EXECUTE FUNCTION loyalty_on_order_status();

-- ── Packages (lib/server/packages) ──────────────────────────────────────────────────────────────────
-- Packages of a package still sold or being bought: in a live cart (active or at checkout, in time) or
-- paid. A line whose tickets were taken out of the cart (cart_release_item) is no package any more.
-- package_taken_except: the same but for the packages of one hold (a late payment's, outcome.ts), which
-- asks whether its own still fit in the package's quantity.
CREATE OR REPLACE FUNCTION package_taken_except(p_package uuid, p_hold uuid, p_now timestamptz)
RETURNS integer LANGUAGE sql STABLE AS $$
  SELECT count(*)::int FROM hold_packages hp JOIN holds h ON h.id = hp.hold_id
  WHERE hp.package_id = p_package AND hp.hold_id IS DISTINCT FROM p_hold
    AND (h.status = 'completed' OR hold_is_live(h.status, h.expires_at, p_now))
    AND EXISTS (SELECT 1 FROM hold_items hi WHERE hi.package_line_id = hp.id)
$$;
CREATE OR REPLACE FUNCTION package_taken(p_package uuid, p_now timestamptz)
RETURNS integer LANGUAGE sql STABLE AS $$
  SELECT package_taken_except(p_package, NULL, p_now)
$$;

-- Holds one package in the fan's cart for p_event, all or nothing, in one transaction like cart_hold:
-- the package's row is locked (its buyers queue on it, so no more than its quantity is ever held or
-- sold), then every content is claimed: the seated ones from p_seats (seats together, chosen by the
-- caller: the fan's or "best available together") with UPDATE … WHERE unit_is_free … RETURNING, the
-- standing ones with cart_claim_places (SKIP LOCKED from a spread point). A short claim raises and the
-- block undoes everything: never a part of a package. The package's price is spread over its tickets'
-- lines (the first takes the rounding), so totals, orders and receipts add up as for any ticket.
-- outcome as cart_hold's; 'sold_out' also when the package is not (or no longer) on sale.
CREATE OR REPLACE FUNCTION package_hold(
  p_user uuid, p_event uuid, p_package uuid, p_seats uuid[],
  p_now timestamptz, p_minutes integer, p_max_order integer, p_max_user integer, p_fee integer
)
RETURNS TABLE (outcome text, hold_id uuid, expires_at timestamptz, coupon_id uuid, detail jsonb)
LANGUAGE plpgsql AS $$
DECLARE
  v_hold holds%ROWTYPE;
  v_package packages%ROWTYPE;
  v_content record;
  v_wanted integer;
  v_in_cart integer;
  v_owned integer;
  v_until timestamptz;
  v_line uuid;
  v_before uuid[];
  v_claimed integer;
  v_count integer;
  v_taken jsonb;
  v_state text;
  v_detail text;
BEGIN
  BEGIN
    v_hold := cart_lock_hold(p_user, p_event, p_now, p_minutes, true);
    IF cart_settlement(v_hold, p_now) IS NOT NULL THEN
      RAISE EXCEPTION USING ERRCODE = 'TBSTL', MESSAGE = 'settle';
    END IF;
    SELECT * INTO v_package FROM packages pk
      WHERE pk.id = p_package AND pk.on_sale
        AND EXISTS (SELECT 1 FROM package_contents pc WHERE pc.package_id = pk.id AND pc.event_id = p_event)
      FOR UPDATE;
    IF NOT FOUND OR package_taken(p_package, p_now) >= v_package.quantity THEN
      RAISE EXCEPTION USING ERRCODE = 'TBSLD', MESSAGE = 'sold_out';
    END IF;
    SELECT coalesce(sum(pc.quantity), 0)::int INTO v_wanted FROM package_contents pc WHERE pc.package_id = p_package;

    SELECT count(*) INTO v_in_cart FROM hold_items hi WHERE hi.hold_id = v_hold.id;
    IF v_in_cart + v_wanted > p_max_order THEN
      RAISE EXCEPTION USING ERRCODE = 'TBLPO', MESSAGE = 'limit_per_order';
    END IF;
    SELECT count(*) INTO v_owned FROM tickets t WHERE t.owner_id = p_user AND t.event_id = p_event AND t.status <> 'void';
    IF v_owned + v_in_cart + v_wanted > p_max_user THEN
      RAISE EXCEPTION USING ERRCODE = 'TBLPU', MESSAGE = 'limit_per_user';
    END IF;

    v_until := v_hold.expires_at;
    IF v_in_cart = 0 AND v_hold.created_at < p_now THEN
      v_until := p_now + make_interval(mins => p_minutes);
      UPDATE holds SET expires_at = v_until, updated_at = p_now WHERE id = v_hold.id;
    END IF;
    -- Wheelchair places and companion seats are held back (seats_held_back): a package never takes one; the
    -- seats that are say so, as taken ones do (the caller chooses others).
    IF p_seats IS NOT NULL AND seats_held_back(p_event, p_seats) THEN
      SELECT coalesce(jsonb_agg(a.seat_id), '[]') INTO v_taken FROM accessible_seats a WHERE a.seat_id = ANY (p_seats);
      RAISE EXCEPTION USING ERRCODE = 'TBTKN', MESSAGE = 'taken', DETAIL = v_taken::text;
    END IF;
    SELECT coalesce(array_agg(hi.id), '{}') INTO v_before FROM hold_items hi WHERE hi.hold_id = v_hold.id;
    INSERT INTO hold_packages (hold_id, package_id, price_amount, created_at)
      VALUES (v_hold.id, p_package, v_package.price_amount, p_now) RETURNING id INTO v_line;

    FOR v_content IN
      SELECT pc.event_id, pc.ticket_type_id, pc.quantity, tt.kind, tt.price_amount
      FROM package_contents pc JOIN ticket_types tt ON tt.id = pc.ticket_type_id
      WHERE pc.package_id = p_package ORDER BY pc.sort_order, pc.id
    LOOP
      IF EXISTS (SELECT 1 FROM waiting_list_entries w WHERE w.event_id = v_content.event_id AND w.status = 'waiting')
         AND waiting_list_reserves(v_content.event_id, v_content.ticket_type_id) THEN
        RAISE EXCEPTION USING ERRCODE = 'TBWLR', MESSAGE = 'waiting_list';
      END IF;
      IF v_content.kind = 'seated' THEN
        WITH claimed AS (
          UPDATE inventory_units u SET status = 'held', hold_id = v_hold.id, held_until = v_until
          WHERE u.event_id = v_content.event_id AND u.ticket_type_id = v_content.ticket_type_id
            AND u.seat_id = ANY (coalesce(p_seats, '{}')) AND unit_is_free(u.status, u.held_until, p_now)
          RETURNING u.id
        ), added AS (
          INSERT INTO hold_items (hold_id, unit_id, ticket_type_id, price_amount, fee_amount, created_at)
          SELECT v_hold.id, c.id, v_content.ticket_type_id, v_content.price_amount, p_fee, p_now FROM claimed c
          RETURNING unit_id
        )
        SELECT count(*) INTO v_claimed FROM added;
        IF v_claimed <> v_content.quantity THEN
          SELECT coalesce(jsonb_agg(w), '[]') INTO v_taken FROM unnest(coalesce(p_seats, '{}')) w
            WHERE NOT EXISTS (SELECT 1 FROM inventory_units u WHERE u.seat_id = w AND u.event_id = v_content.event_id AND u.hold_id = v_hold.id AND u.status = 'held');
          IF jsonb_array_length(v_taken) = 0 THEN
            RAISE EXCEPTION USING ERRCODE = 'TBSLD', MESSAGE = 'sold_out';
          END IF;
          RAISE EXCEPTION USING ERRCODE = 'TBTKN', MESSAGE = 'taken', DETAIL = v_taken::text;
        END IF;
      ELSE
        PERFORM cart_claim_places(v_hold.id, v_content.event_id, v_content.ticket_type_id, v_content.quantity, v_until, p_now, p_fee);
      END IF;
    END LOOP;

    UPDATE hold_items hi SET package_line_id = v_line WHERE hi.hold_id = v_hold.id AND NOT (hi.id = ANY (v_before));
    SELECT count(*) INTO v_count FROM hold_items hi WHERE hi.package_line_id = v_line;
    IF v_count <> v_wanted THEN
      RAISE EXCEPTION USING ERRCODE = 'TBSLD', MESSAGE = 'sold_out';
    END IF;
    UPDATE hold_items hi
      SET price_amount = v_package.price_amount / v_count + CASE WHEN x.n = 1 THEN v_package.price_amount % v_count ELSE 0 END
      FROM (SELECT i.id, row_number() OVER (ORDER BY i.id) AS n FROM hold_items i WHERE i.package_line_id = v_line) x
      WHERE hi.id = x.id;
  EXCEPTION WHEN SQLSTATE 'TBSTL' OR SQLSTATE 'TBLPO' OR SQLSTATE 'TBLPU' OR SQLSTATE 'TBTKN' OR SQLSTATE 'TBSLD' OR SQLSTATE 'TBTYP' OR SQLSTATE 'TBWLR' THEN
    GET STACKED DIAGNOSTICS v_state = RETURNED_SQLSTATE, v_detail = PG_EXCEPTION_DETAIL;
    RETURN QUERY SELECT
      CASE v_state WHEN 'TBSTL' THEN 'settle' WHEN 'TBLPO' THEN 'limit_per_order' WHEN 'TBLPU' THEN 'limit_per_user'
        WHEN 'TBSLD' THEN 'sold_out' WHEN 'TBTYP' THEN 'sold_out' WHEN 'TBWLR' THEN 'waiting_list' ELSE 'taken' END,
      NULL::uuid, NULL::timestamptz, NULL::uuid,
      CASE WHEN v_state = 'TBTKN' THEN v_detail::jsonb END;
    RETURN;
  END;

  RETURN QUERY SELECT 'held'::text, v_hold.id, v_until, v_hold.coupon_id, (SELECT coalesce(jsonb_agg(to_jsonb(i) - 'line_order' ORDER BY i.line_order), '[]') FROM cart_live_items(v_hold.id) AS i);
END
$$;
-- ── Concessions: a ZŤP-S line's free companion goes with it (lib/server/concessions) ──────────────────
-- A companion line's concession row goes when its ZŤP-S line is removed from the cart (the foreign key
-- cascades) or when that line's concession changes; then the companion line goes too and its unit is
-- back on sale. (Removed on its own, the companion line simply goes: the ZŤP-S line stays.)
CREATE OR REPLACE FUNCTION concession_companion_gone() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  WITH item AS (
    DELETE FROM hold_items hi WHERE hi.id = OLD.hold_item_id RETURNING hi.hold_id, hi.unit_id
  )
  UPDATE inventory_units u SET status = 'available', hold_id = NULL, held_until = NULL
  FROM item WHERE u.id = item.unit_id AND u.hold_id = item.hold_id AND u.status = 'held';
  RETURN NULL;
END
$$;

CREATE OR REPLACE TRIGGER concession_companion_gone AFTER DELETE ON hold_item_concessions
  FOR EACH ROW WHEN (OLD.companion_of IS NOT NULL) EXECUTE FUNCTION concession_companion_gone();

-- ── An order's money per event (order_shares; orders/fulfil.ts markOrderPaid) ───────────────────────
-- Splits a paid order over the events of its tickets, once (ON CONFLICT DO NOTHING): one share for an
-- ordinary order, one per match for a season ticket. The rule, in one place:
--   price and fee: the sum of the order's lines at that event (a season ticket's lines already carry each
--     match's part of its price: season_hold splits it equally, the first matches taking the remainder);
--   discount: the order's coupon discount in proportion to each event's primary ticket prices;
--   credit (wallet credit and loyalty points): in proportion to what is left of each event after the discount;
--   total: price + fee − discount − credit, paid with money.
-- Each proportion is rounded down and the minor units left over go one each to the largest remainders
-- (ties: the earlier event, then the lower id), so the shares add up to the order's figures exactly.
-- An order already refunded when split (orders paid before shares existed) is split as refunded.
CREATE OR REPLACE FUNCTION order_split(p_order uuid)
RETURNS void
LANGUAGE sql AS $$
  WITH o AS (
    SELECT o.id, o.status, o.paid_at, o.discount_amount::bigint AS discount,
      (o.loyalty_amount + coalesce((SELECT w.amount FROM wallet_ledger w WHERE w.order_id = o.id AND w.kind = 'order_spend'), 0))::bigint AS credit,
      CASE WHEN o.status = 'refunded'
        THEN coalesce((SELECT min(r.created_at) FROM refunds r WHERE r.payment_id = o.current_payment_id), o.refunded_at, o.paid_at) END AS refunded_at
    FROM orders o WHERE o.id = p_order
  ), ev AS (
    -- A line's event is its unit's, or its listing's (a line whose unit an organiser removed: the order's).
    SELECT coalesce(u.event_id, l.event_id, ord.event_id) AS event_id, count(*)::int AS tickets,
      sum(oi.price_amount)::bigint AS price, sum(oi.fee_amount)::bigint AS fee,
      coalesce(sum(oi.price_amount) FILTER (WHERE oi.listing_id IS NULL), 0)::bigint AS primary_price
    FROM order_items oi
    JOIN orders ord ON ord.id = oi.order_id
    LEFT JOIN inventory_units u ON u.id = oi.unit_id
    LEFT JOIN resale_listings l ON l.id = oi.listing_id
    WHERE oi.order_id = p_order
    GROUP BY 1
  ), d AS (
    SELECT ev.*, e.starts_at, o.discount, o.credit, (sum(ev.primary_price) OVER ())::bigint AS weight
    FROM ev JOIN events e ON e.id = ev.event_id CROSS JOIN o
  ), d1 AS (
    SELECT d.*, CASE WHEN weight > 0 THEN discount * primary_price / weight ELSE 0 END AS base,
      CASE WHEN weight > 0 THEN discount * primary_price % weight ELSE 0 END AS rest
    FROM d
  ), d2 AS (
    SELECT d1.*, base + CASE WHEN row_number() OVER (ORDER BY rest DESC, starts_at, event_id) <= discount - (sum(base) OVER ())::bigint THEN 1 ELSE 0 END AS disc
    FROM d1
  ), c AS (
    SELECT d2.*, price + fee - disc AS net, (sum(price + fee - disc) OVER ())::bigint AS net_all FROM d2
  ), c1 AS (
    SELECT c.*, CASE WHEN net_all > 0 THEN credit * net / net_all ELSE 0 END AS cbase,
      CASE WHEN net_all > 0 THEN credit * net % net_all ELSE 0 END AS crest
    FROM c
  ), c2 AS (
    SELECT c1.*, cbase + CASE WHEN row_number() OVER (ORDER BY crest DESC, starts_at, event_id) <= credit - (sum(cbase) OVER ())::bigint THEN 1 ELSE 0 END AS cred
    FROM c1
  )
  INSERT INTO order_shares (order_id, event_id, tickets, price_amount, fee_amount, discount_amount, credit_amount, total_amount,
    refunded_at, refund_mode, refunded_amount)
  SELECT p_order, c2.event_id, c2.tickets, c2.price, c2.fee, c2.disc, c2.cred, c2.price + c2.fee - c2.disc - c2.cred,
    o.refunded_at, CASE WHEN o.refunded_at IS NOT NULL THEN 'payment'::refund_mode END,
    CASE WHEN o.refunded_at IS NOT NULL THEN c2.price + c2.fee - c2.disc - c2.cred ELSE 0 END
  FROM c2 CROSS JOIN o
  ON CONFLICT DO NOTHING
$$;

-- Splits every paid order that has no shares yet: those paid before order_shares existed (migration 0025),
-- split below once, and the demo seed's, which writes paid orders as rows. A paid order otherwise has its
-- shares from the moment it is paid, and this finds nothing.
CREATE OR REPLACE FUNCTION order_split_missing()
RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  -- PERFORM runs it for every row (a plain SQL function would stop at the first).
  PERFORM order_split(o.id) FROM orders o
  WHERE o.paid_at IS NOT NULL AND NOT EXISTS (SELECT 1 FROM order_shares s WHERE s.order_id = o.id);
END
$$;
SELECT order_split_missing();

-- ── Tribuna's platform fee (issue 32 item 3) ─────────────────────────────────
-- Set on every primary order line as it is written, from the organisation's commercial terms at that
-- moment (organisations.platform_fee_per_ticket + platform_fee_bps of the face price, rounded half up),
-- never more than the ticket's price: a free ticket carries none. A resale line carries none (the resale
-- fees are the platform's there). Written only here, so a change of terms applies to lines written after it
-- and a settled period never changes. The ledger sums it (reports/ledger.ts); a refunded share gives it back.
CREATE OR REPLACE FUNCTION order_item_platform_fee()
RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.listing_id IS NOT NULL THEN
    NEW.platform_fee_amount := 0;
  ELSE
    SELECT least(greatest(NEW.price_amount, 0),
      o.platform_fee_per_ticket + ((greatest(NEW.price_amount, 0)::bigint * o.platform_fee_bps + 5000) / 10000)::int)
    INTO NEW.platform_fee_amount
    FROM ticket_types t JOIN events e ON e.id = t.event_id JOIN organisations o ON o.id = e.org_id
    WHERE t.id = NEW.ticket_type_id;
    NEW.platform_fee_amount := coalesce(NEW.platform_fee_amount, 0);
  END IF;
  RETURN NEW;
END
$$;

CREATE OR REPLACE TRIGGER order_items_platform_fee BEFORE INSERT ON order_items
  FOR EACH ROW EXECUTE FUNCTION order_item_platform_fee();
