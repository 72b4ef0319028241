import { EndorsementsPage } from '../../features/endorsements/components/endorsements-page.tsx';

// Who cheered me on: the endorsements the member received (linked from the dashboard).
export function Endorsements() {
  return <EndorsementsPage />;
}
