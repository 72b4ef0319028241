// What the Organization Not Registered screen says when neither the server nor the e-mail names
// the organisation (docs/domain/screens.md#organization-not-registered).
// A marker the screen tests for; it speaks of "your organization" in its own sentences.
// eslint-disable-next-line lingui/no-unlocalized-strings -- a marker, never shown
export const UNKNOWN_ORGANIZATION_NAME = 'Your organization';

/**
 * The organisation name for the Organization Not Registered screen: the given name if there is
 * one, else the first label of the e-mail's domain ('pat@globex.example' → 'Globex').
 *
 * The label keeps its spelling and only gains a capital first letter, so 'ACME' stays 'ACME' and
 * 'globex' becomes 'Globex': domains are case-insensitive, so we cannot know the real casing, and
 * lower-casing the rest would spoil names people type in capitals.
 */
export function deriveOrganizationName(email: string | null | undefined, organization?: string | null): string {
  const given = organization?.trim();
  if (given) return given;

  const address = email?.trim() ?? '';
  // The domain can never contain '@', while a quoted local part may, so split at the last one.
  const at = address.lastIndexOf('@');
  if (at === -1) return UNKNOWN_ORGANIZATION_NAME;

  const label =
    address
      .slice(at + 1)
      .split('.')[0]
      ?.trim() ?? '';
  if (!label) return UNKNOWN_ORGANIZATION_NAME;
  return label.charAt(0).toUpperCase() + label.slice(1);
}
