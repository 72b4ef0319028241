import { MyDataPage } from '../../features/my-data/components/my-data-page.tsx';

// /settings/data: the member downloads their data (sibling of /settings/notifications).
export function SettingsData() {
  return <MyDataPage />;
}
