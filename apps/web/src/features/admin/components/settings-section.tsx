import { EMAIL_DOMAIN, TENANT_ID, type TAdminSettings } from '@habitrack/contracts/admin/settings';
import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Button, Group, Paper, Select, Stack, TagsInput, Text, Title } from '@mantine/core';
import { type KeyboardEvent, useState } from 'react';
import { ErrorState } from '../../../components/ui/error-state.tsx';
import { LoadingState } from '../../../components/ui/loading-state.tsx';
import { useCohorts } from '../api/list-cohorts.ts';
import { useSettings, useUpdateSettings } from '../api/settings.ts';
import { problemMessage } from '../utils/problem-message.ts';
import { DefaultLocaleForm } from './default-locale-form.tsx';
import { RetentionForm } from './retention-form.tsx';
import { ScimTokensPanel } from './scim-tokens-panel.tsx';

type TDraft = Pick<TAdminSettings, 'azure_tenant_ids' | 'email_domains' | 'default_cohort_id'>;

const normalise = (values: string[]) => values.map((value) => value.trim().toLowerCase()).filter(Boolean);
const invalid = (values: string[], shape: RegExp) => normalise(values).filter((value) => !shape.test(value));
// Enter adds a tag; on an empty field it would submit the whole form by surprise.
const keepEnterInField = (event: KeyboardEvent<HTMLInputElement>) => {
  if (event.key === 'Enter') event.preventDefault();
};

function OrganisationForm({ settings }: { settings: TAdminSettings }) {
  const { t } = useLingui();
  const [draft, setDraft] = useState<TDraft>({
    azure_tenant_ids: settings.azure_tenant_ids,
    email_domains: settings.email_domains,
    default_cohort_id: settings.default_cohort_id,
  });
  const cohorts = useCohorts();
  const update = useUpdateSettings();
  const badTenants = invalid(draft.azure_tenant_ids, TENANT_ID);
  const badDomains = invalid(draft.email_domains, EMAIL_DOMAIN);
  const badTenantList = badTenants.join(', ');
  const badDomainList = badDomains.join(', ');
  const set = <K extends keyof TDraft>(name: K, value: TDraft[K]) => {
    setDraft((current) => ({ ...current, [name]: value }));
    update.reset();
  };

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        update.mutate(
          {
            azure_tenant_ids: normalise(draft.azure_tenant_ids),
            email_domains: normalise(draft.email_domains),
            default_cohort_id: draft.default_cohort_id,
          },
          {
            // The lists as the server stored them (trimmed, lower-cased).
            onSuccess: (saved) =>
              setDraft({
                azure_tenant_ids: saved.azure_tenant_ids,
                email_domains: saved.email_domains,
                default_cohort_id: saved.default_cohort_id,
              }),
          },
        );
      }}
    >
      <Stack gap="md">
        <TagsInput
          label={t`Trusted Microsoft Entra ID (Azure AD) tenant ids`}
          description={t`People signing in with a work account from these directories are let in. Press Enter after each id.`}
          placeholder={t`Add a tenant id`}
          value={draft.azure_tenant_ids}
          onChange={(values) => set('azure_tenant_ids', values)}
          onKeyDown={keepEnterInField}
          error={badTenants.length ? t`Not a tenant id (GUID): ${badTenantList}` : undefined}
          clearable
        />
        <TagsInput
          label={t`E-mail domains`}
          description={t`Your organisation's e-mail domains, such as example.com. Press Enter after each domain.`}
          placeholder={t`Add a domain`}
          value={draft.email_domains}
          onChange={(values) => set('email_domains', values)}
          onKeyDown={keepEnterInField}
          error={badDomains.length ? t`Not a domain name: ${badDomainList}` : undefined}
          clearable
        />
        <Select
          label={t`Default cohort`}
          description={t`Where people provisioned by your directory (SCIM) start. With none, they wait for an administrator to place them.`}
          placeholder={t`No default cohort`}
          data={(cohorts.data ?? []).map((cohort) => ({ value: cohort.id, label: cohort.name }))}
          value={draft.default_cohort_id}
          onChange={(value) => set('default_cohort_id', value)}
          clearable
        />
        {update.isError && (
          <Alert color="red" role="alert" title={t`The settings were not saved`}>
            {problemMessage(update.error)}
          </Alert>
        )}
        <div role="status" aria-live="polite">
          {update.isSuccess && (
            <Text size="sm">
              <Trans>Settings saved.</Trans>
            </Text>
          )}
        </div>
        <Group>
          <Button type="submit" loading={update.isPending} disabled={badTenants.length > 0 || badDomains.length > 0}>
            <Trans>Save settings</Trans>
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

// Organisation settings: who may sign in (tenants, domains), the default cohort, retention, the
// default language and SCIM tokens.
export function SettingsSection() {
  const { t } = useLingui();
  const settings = useSettings();
  return (
    <Stack gap="lg">
      {/* Less padding on a phone, so a tenant id (36 characters) fits in its tag. */}
      <Paper withBorder p={{ base: 'xs', sm: 'md' }} radius="md">
        <Stack gap="md">
          <Title order={2} size="h4">
            <Trans>Sign-in and provisioning</Trans>
          </Title>
          {settings.isPending && <LoadingState label={t`Loading settings`} />}
          {settings.isError && (
            <ErrorState
              compact
              title={t`Settings could not be loaded`}
              message={problemMessage(settings.error)}
              onRetry={() => void settings.refetch()}
            />
          )}
          {settings.data && (
            <>
              <Text size="sm">
                <Trans>Organisation: {settings.data.name}</Trans>
              </Text>
              <OrganisationForm settings={settings.data} />
            </>
          )}
        </Stack>
      </Paper>
      {settings.data && (
        <Paper withBorder p={{ base: 'xs', sm: 'md' }} radius="md">
          <Stack gap="md">
            <Title order={2} size="h4">
              <Trans>Data retention</Trans>
            </Title>
            <RetentionForm settings={settings.data} />
          </Stack>
        </Paper>
      )}
      {settings.data && (
        <Paper withBorder p={{ base: 'xs', sm: 'md' }} radius="md">
          <Stack gap="md">
            <Title order={2} size="h4">
              <Trans>Language</Trans>
            </Title>
            <DefaultLocaleForm settings={settings.data} />
          </Stack>
        </Paper>
      )}
      <ScimTokensPanel />
    </Stack>
  );
}
