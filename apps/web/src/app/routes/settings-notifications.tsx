import { useMe } from '../../features/auth/api/get-me.ts';
import { LanguageSettings } from '../../features/language/components/language-settings.tsx';
import { NotificationSettingsPage } from '../../features/notifications/components/notification-settings-page.tsx';

// /settings/notifications: the member's language, and their reminder and summary e-mails (sibling
// of /settings/data).
export function SettingsNotifications() {
  const me = useMe();
  return <NotificationSettingsPage settings={me.data ? <LanguageSettings chosen={me.data.chosen_locale} /> : null} />;
}
