import type { I18n } from '@lingui/core';
import type { Message, MessageValues } from '../lib/i18n/message.ts';
import { escapeHtml } from './html.ts';

// HTML made by the code (a link, a bold name), placed in a message's HTML as it is.
export type Markup = { html: string };
export const markup = (html: string): Markup => ({ html });

// A message as HTML: the translation's own text and every text value escaped, markup placed as it
// is, numbers left as numbers so plural forms still choose by them. Each text or markup value goes
// into the message as a marker (private-use characters that no translation or escaping contains)
// and is put in afterwards.
export function htmlOf(writer: I18n, message: Message, values: Record<string, string | number | Markup> = {}): string {
  const placed: string[] = [];
  const marked: MessageValues = {};
  for (const [name, value] of Object.entries(values)) {
    if (typeof value === 'number') {
      marked[name] = value;
      continue;
    }
    marked[name] = `\uE000${placed.length}\uE001`;
    placed.push(typeof value === 'string' ? escapeHtml(value) : value.html);
  }
  return escapeHtml(writer._({ ...message, values: marked })).replace(
    /\uE000(\d+)\uE001/g,
    (_marker, index: string) => placed[+index]!,
  );
}
