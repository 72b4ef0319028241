type SubmitLabelInput = {
  // Everything ticked, including habits that are already active.
  selectedCount: number;
  // Ticked habits that are not active yet: what saving will send.
  newCount: number;
};

// SPEC §2 "Select Your Habits": the primary button's label. '(s)' is literal, as the spec writes it.
export function getSubmitLabel({ selectedCount, newCount }: SubmitLabelInput): string {
  if (selectedCount === 0) return 'Skip to Dashboard';
  if (newCount === 0) return 'Continue to Dashboard';
  if (newCount === selectedCount) return `Start with ${newCount} habit(s)`;
  return `Add ${newCount} new habit(s) (${selectedCount} total)`;
}
