import 'server-only';

// When a season sells: its general sale and its renewal window, the one place either is decided open
// (the season's sale page, and the season link on each of its matches' pages).

type SeasonWindows = { saleOpensAt: Date | null; saleClosesAt: Date | null; renewalOpensAt: Date | null; renewalClosesAt: Date | null };

/** Open at `now`: the general sale (free seats) and the renewal (a holder's own seat of last season). */
export function seasonWindowsAt(season: SeasonWindows, now: Date): { saleOpen: boolean; renewalOpen: boolean } {
  const open = (from: Date | null, until: Date | null) => Boolean(from && from <= now && (!until || now < until));
  return { saleOpen: open(season.saleOpensAt, season.saleClosesAt), renewalOpen: Boolean(season.renewalClosesAt) && open(season.renewalOpensAt, season.renewalClosesAt) };
}
