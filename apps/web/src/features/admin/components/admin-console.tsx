import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Stack, Tabs, Text, Title } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { LoadingState } from '../../../components/ui/loading-state.tsx';
import '../styles.ts';

// Each section is a chunk of its own, downloaded when first opened: the console stays light for
// the People section most visits start with, and each section can grow within its budget.
export const ADMIN_SECTIONS = [
  {
    value: 'people',
    label: msg`People`,
    Section: lazy(async () => ({ default: (await import('./people-section.tsx')).PeopleSection })),
  },
  {
    value: 'cohorts',
    label: msg`Cohorts`,
    Section: lazy(async () => ({ default: (await import('./cohorts-section.tsx')).CohortsSection })),
  },
  {
    value: 'content',
    label: msg`Programme content`,
    Section: lazy(async () => ({ default: (await import('./content-section.tsx')).ContentSection })),
  },
  {
    value: 'settings',
    label: msg`Settings`,
    Section: lazy(async () => ({ default: (await import('./settings-section.tsx')).SettingsSection })),
  },
  {
    value: 'audit',
    label: msg`Audit log`,
    Section: lazy(async () => ({ default: (await import('./audit-section.tsx')).AuditSection })),
  },
] as const satisfies readonly { value: string; label: MessageDescriptor; Section: unknown }[];
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
  const { t, i18n } = useLingui();
  if (!isAdmin) {
    return (
      <Stack gap="md">
        <Title order={1}>
          <Trans>Administration</Trans>
        </Title>
        <Alert color="yellow" role="alert" title={t`Only administrators can use this console`}>
          <Text size="sm">
            <Trans>Ask one of your organisation&apos;s administrators if you need access.</Trans>
          </Text>
        </Alert>
      </Stack>
    );
  }
  return (
    <Stack gap="md">
      <Title order={1}>
        <Trans>Administration</Trans>
      </Title>
      <Tabs
        value={section}
        onChange={(value) => {
          if (isAdminSection(value ?? undefined)) onSectionChange(value as TAdminSection);
        }}
        keepMounted={false}
      >
        <Tabs.List aria-label={t`Administration sections`} style={{ flexWrap: 'wrap' }}>
          {ADMIN_SECTIONS.map(({ value, label }) => (
            <Tabs.Tab key={value} value={value}>
              {i18n._(label)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        {ADMIN_SECTIONS.map(({ value, Section }) => (
          <Tabs.Panel key={value} value={value} pt="md">
            <Suspense fallback={<LoadingState label={t`Loading section`} />}>
              <Section />
            </Suspense>
          </Tabs.Panel>
        ))}
      </Tabs>
    </Stack>
  );
}
