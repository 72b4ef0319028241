// Whether an endorsement arrived after the member's previous visit (all are new before the first).
export function isNewSince(createdAt: string, seenAt: string | null): boolean {
  return seenAt === null || Date.parse(createdAt) > Date.parse(seenAt);
}
