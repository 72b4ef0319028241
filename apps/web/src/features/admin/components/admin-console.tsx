import { Alert, Stack, Tabs, Text, Title } from '@mantine/core';
import { AuditSection } from './audit-section.tsx';
import { CohortsSection } from './cohorts-section.tsx';
import { ContentSection } from './content-section.tsx';
import { PeopleSection } from './people-section.tsx';
import { SettingsSection } from './settings-section.tsx';

export const ADMIN_SECTIONS = [
  { value: 'people', label: 'People', Section: PeopleSection },
  { value: 'cohorts', label: 'Cohorts', Section: CohortsSection },
  { value: 'content', label: 'Programme content', Section: ContentSection },
  { value: 'settings', label: 'Settings', Section: SettingsSection },
  { value: 'audit', label: 'Audit log', Section: AuditSection },
] as const;
export type TAdminSection = (typeof ADMIN_SECTIONS)[number]['value'];

export function isAdminSection(value: string | undefined): value is TAdminSection {
  return ADMIN_SECTIONS.some((section) => section.value === value);
}

type AdminConsoleProps = {
  section: TAdminSection;
  onSectionChange: (section: TAdminSection) => void;
  // From the account check; the API refuses everyone else anyway (403).
  isAdmin: boolean;
};

// /admin (issue 21): the organisation's administrators run their programme here. Each section is
// its own address (/admin/people, ...), so it can be bookmarked and Back returns to the last one.
export function AdminConsole({ section, onSectionChange, isAdmin }: AdminConsoleProps) {
  if (!isAdmin) {
    return (
      <Stack gap="md">
        <Title order={1}>Administration</Title>
        <Alert color="yellow" role="alert" title="Only administrators can use this console">
          <Text size="sm">Ask one of your organisation&apos;s administrators if you need access.</Text>
        </Alert>
      </Stack>
    );
  }
  return (
    <Stack gap="md">
      <Title order={1}>Administration</Title>
      <Tabs
        value={section}
        onChange={(value) => {
          if (isAdminSection(value ?? undefined)) onSectionChange(value as TAdminSection);
        }}
        keepMounted={false}
      >
        <Tabs.List aria-label="Administration sections" style={{ flexWrap: 'wrap' }}>
          {ADMIN_SECTIONS.map(({ value, label }) => (
            <Tabs.Tab key={value} value={value}>
              {label}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        {ADMIN_SECTIONS.map(({ value, Section }) => (
          <Tabs.Panel key={value} value={value} pt="md">
            <Section />
          </Tabs.Panel>
        ))}
      </Tabs>
    </Stack>
  );
}
