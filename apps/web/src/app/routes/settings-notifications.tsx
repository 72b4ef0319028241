import { NotificationSettingsPage } from '../../features/notifications/components/notification-settings-page.tsx';

// /settings/notifications: the member's reminder and summary e-mails (sibling of /settings/data).
export function SettingsNotifications() {
  return <NotificationSettingsPage />;
}
