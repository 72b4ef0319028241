import { z } from 'zod';
import { storedItem } from '../../../lib/storage.ts';

// The provider the person last signed in with, and whether to sign in with it again without
// asking (after switching provider). The build's boot preload reads "selectedIdpType" too
// (apps/web/vite.config.ts).
const ZIdpType = z.enum(['auth0', 'azure_ad']);
export type TIdpType = z.infer<typeof ZIdpType>;

const selectedIdpType = storedItem('selectedIdpType', ZIdpType);
const shouldAutoLogin = storedItem('shouldAutoLogin', z.boolean());

export function getSelectedIdpType(): TIdpType | null {
  return selectedIdpType.read() ?? null;
}

export function setSelectedIdpType(idpType: TIdpType): void {
  selectedIdpType.write(idpType);
}

export function getShouldAutoLogin(): boolean {
  return shouldAutoLogin.read() === true;
}

export function setShouldAutoLogin(value: boolean): void {
  shouldAutoLogin.write(value);
}

export function clearSignInChoice(): void {
  selectedIdpType.remove();
  shouldAutoLogin.remove();
}
