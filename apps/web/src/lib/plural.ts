const rules = new Intl.PluralRules('en');

// A count with its noun, in the singular for exactly one: "0 days", "1 day", "5 days". Every count
// the app writes in words goes through here. `many` is for nouns that do not take an "s".
export function plural(count: number, one: string, many = `${one}s`): string {
  return `${count} ${rules.select(count) === 'one' ? one : many}`;
}
