type SubmitLabelInput = {
  // Everything ticked, including habits that are already active.
  selectedCount: number;
  // Ticked habits that are not active yet: what saving will send.
  newCount: number;
};

// The primary button's label (docs/domain/screens.md#select-your-habits). '(s)' is literal, as
// written there.
export function getSubmitLabel({ selectedCount, newCount }: SubmitLabelInput): string {
  if (selectedCount === 0) return 'Skip to Dashboard';
  if (newCount === 0) return 'Continue to Dashboard';
  if (newCount === selectedCount) return `Start with ${newCount} habit(s)`;
  return `Add ${newCount} new habit(s) (${selectedCount} total)`;
}
