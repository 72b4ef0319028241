import type { I18n, MessageDescriptor } from '@lingui/core';

// A message of the API's catalogs: its id and its en-GB source text (ICU MessageFormat), written
// where it is used as `/*i18n*/ { id, message }` so `npm run i18n:extract` finds it.
export type Message = MessageDescriptor & { id: string; message: string };

export type MessageValues = Record<string, string | number>;

// A message in the instance's locale, as plain text.
export const textOf = (writer: I18n, message: Message, values?: MessageValues): string =>
  writer._({ ...message, values });
