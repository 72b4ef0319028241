// Errors a service raises on purpose; the error handler turns them into {"detail": ...}.
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly detail: string,
    readonly extra: Record<string, unknown> = {},
    // Response headers that belong to the refusal, e.g. Retry-After.
    readonly headers: Record<string, string | number> = {},
  ) {
    super(detail);
  }
}

export const notFound = (detail = 'Not found') => new HttpError(404, detail);
export const badRequest = (detail: string) => new HttpError(400, detail);
export const conflict = (detail: string) => new HttpError(409, detail);
export const forbidden = (detail: string) => new HttpError(403, detail);
// A team whose SCIM group was deleted is archived: kept with its history, offered for nothing new
// (docs/domain/scim.md#groups-are-teams).
export const archivedTeam = (name: string) =>
  conflict(
    `${name} is archived: its group was deleted in your directory, so it takes no new department or person. Provisioning the group again restores it.`,
  );
export const unauthorized = (detail: string, extra: Record<string, unknown> = {}) => new HttpError(401, detail, extra);

export const SERVICE_UNAVAILABLE = 'The service is temporarily unavailable. Please try again shortly.';
