// A .po catalog imported from the code: its messages, compiled by the Vite plugin (lingui-vite.ts).
declare module '*.po' {
  import type { Messages } from '@lingui/core';
  export const messages: Messages;
}
