const known = new Set<string>();

// An IANA zone name the runtime knows (e.g. Europe/London). Bounded cache of good answers only.
export function isValidTimeZone(zone: string): boolean {
  if (known.has(zone)) return true;
  if (zone.length > 64 || !/^[A-Za-z][A-Za-z0-9_+\-/]*$/.test(zone)) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
  } catch {
    return false;
  }
  if (known.size < 1000) known.add(zone);
  return true;
}
