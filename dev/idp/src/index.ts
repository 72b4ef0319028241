// The development OpenID Connect provider arrives with the sign-in step; this package holds it.
export const IDP_PACKAGE = '@habitrack/idp';
