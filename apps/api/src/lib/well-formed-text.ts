// A UTF-16 surrogate without its partner: JSON can carry one ("\ud800"), but it is not a character,
// and the database driver would store it as U+FFFD, silently changing what the person wrote.
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export const hasLoneSurrogate = (text: string) => LONE_SURROGATE.test(text);

// The path of the first string (key or value) in `value` that is not well-formed Unicode, e.g.
// "body.goals.0.title"; null when every string is well formed. Walks with its own stack, not by
// recursion: a body may nest thousands of levels deep within the size limit.
export function firstMalformedText(value: unknown, path: string): string | null {
  const pending: [unknown, string][] = [[value, path]];
  while (pending.length) {
    const [current, at] = pending.pop()!;
    if (typeof current === 'string') {
      if (hasLoneSurrogate(current)) return at;
    } else if (current && typeof current === 'object') {
      const entries = Array.isArray(current) ? [...current.entries()] : Object.entries(current);
      for (const [key] of entries) if (typeof key === 'string' && hasLoneSurrogate(key)) return `${at}.${key}`;
      // Reversed, so the first entry is looked at first.
      for (const [key, item] of entries.reverse()) pending.push([item, `${at}.${key}`]);
    }
  }
  return null;
}
