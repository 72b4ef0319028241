import { PlaceholderPage } from '../../components/ui/placeholder-page.tsx';

export function ProgrammeIntro() {
  return (
    <PlaceholderPage
      title="Programme introduction"
      description="Welcome to the programme: its name, introduction and the way into Module 1."
    />
  );
}
