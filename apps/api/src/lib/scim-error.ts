// A SCIM error (RFC 7644 §3.12): the SCIM routes answer it as
// {"schemas": [...Error], "status": "400", "scimType": "invalidValue", "detail": "..."}.
export type ScimType =
  | 'invalidFilter'
  | 'tooMany'
  | 'uniqueness'
  | 'mutability'
  | 'invalidSyntax'
  | 'invalidPath'
  | 'noTarget'
  | 'invalidValue'
  | 'invalidVers'
  | 'sensitive';

export const SCIM_ERROR_SCHEMA = 'urn:ietf:params:scim:api:messages:2.0:Error';

export class ScimError extends Error {
  constructor(
    readonly status: number,
    readonly detail: string,
    readonly scimType?: ScimType,
  ) {
    super(detail);
  }

  body() {
    return {
      schemas: [SCIM_ERROR_SCHEMA],
      status: String(this.status),
      ...(this.scimType ? { scimType: this.scimType } : {}),
      detail: this.detail,
    };
  }
}

export const scimInvalidValue = (detail: string) => new ScimError(400, detail, 'invalidValue');
export const scimInvalidSyntax = (detail: string) => new ScimError(400, detail, 'invalidSyntax');
export const scimNotFound = (detail = 'Resource not found') => new ScimError(404, detail);
