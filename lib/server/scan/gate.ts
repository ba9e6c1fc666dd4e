/**
 * The gate a scan was made at, as the device names it (set up once on the device, components/scanner):
 * trimmed, at most 40 characters; none or empty is null, "a gate that named none" in the figures.
 */
export function gateName(gate: string | null | undefined): string | null {
  return gate?.trim().slice(0, 40) || null;
}
