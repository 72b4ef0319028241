import { ProgrammeIntroPage } from '../../features/programme-intro/components/programme-intro-page.tsx';

export function ProgrammeIntro() {
  return <ProgrammeIntroPage />;
}
