// The administrator an administration service acts for: what it checks (their organisation) and
// what the audit row names (their id). Every signed-in administrator is one.
export type Admin = { id: string; organisationId: string };
