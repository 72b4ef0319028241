import { EMAIL_DOMAIN, TENANT_ID, type TAdminSettings } from '@habitrack/contracts/admin/settings';
import { Alert, Button, Group, Paper, Select, Stack, TagsInput, Text, Title } from '@mantine/core';
import { type KeyboardEvent, useState } from 'react';
import { ErrorState } from '../../../components/ui/error-state.tsx';
import { LoadingState } from '../../../components/ui/loading-state.tsx';
import { useCohorts } from '../api/list-cohorts.ts';
import { useSettings, useUpdateSettings } from '../api/settings.ts';
import { problemMessage } from '../utils/problem-message.ts';
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
  const [draft, setDraft] = useState<TDraft>({
    azure_tenant_ids: settings.azure_tenant_ids,
    email_domains: settings.email_domains,
    default_cohort_id: settings.default_cohort_id,
  });
  const cohorts = useCohorts();
  const update = useUpdateSettings();
  const badTenants = invalid(draft.azure_tenant_ids, TENANT_ID);
  const badDomains = invalid(draft.email_domains, EMAIL_DOMAIN);
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
          label="Trusted Microsoft Entra ID (Azure AD) tenant ids"
          description="People signing in with a work account from these directories are let in. Press Enter after each id."
          placeholder="Add a tenant id"
          value={draft.azure_tenant_ids}
          onChange={(values) => set('azure_tenant_ids', values)}
          onKeyDown={keepEnterInField}
          error={badTenants.length ? `Not a tenant id (GUID): ${badTenants.join(', ')}` : undefined}
          clearable
        />
        <TagsInput
          label="E-mail domains"
          description="Your organisation's e-mail domains, such as example.com. Press Enter after each domain."
          placeholder="Add a domain"
          value={draft.email_domains}
          onChange={(values) => set('email_domains', values)}
          onKeyDown={keepEnterInField}
          error={badDomains.length ? `Not a domain name: ${badDomains.join(', ')}` : undefined}
          clearable
        />
        <Select
          label="Default cohort"
          description="Where people provisioned by your directory (SCIM) start. With none, they wait for an administrator to place them."
          placeholder="No default cohort"
          data={(cohorts.data ?? []).map((cohort) => ({ value: cohort.id, label: cohort.name }))}
          value={draft.default_cohort_id}
          onChange={(value) => set('default_cohort_id', value)}
          clearable
        />
        {update.isError && (
          <Alert color="red" role="alert" title="The settings were not saved">
            {problemMessage(update.error)}
          </Alert>
        )}
        <div role="status" aria-live="polite">
          {update.isSuccess && <Text size="sm">Settings saved.</Text>}
        </div>
        <Group>
          <Button type="submit" loading={update.isPending} disabled={badTenants.length > 0 || badDomains.length > 0}>
            Save settings
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

// Organisation settings: who may sign in (tenants, domains), the default cohort, retention and SCIM tokens.
export function SettingsSection() {
  const settings = useSettings();
  return (
    <Stack gap="lg">
      {/* Less padding on a phone, so a tenant id (36 characters) fits in its tag. */}
      <Paper withBorder p={{ base: 'xs', sm: 'md' }} radius="md">
        <Stack gap="md">
          <Title order={2} size="h4">
            Sign-in and provisioning
          </Title>
          {settings.isPending && <LoadingState label="Loading settings" />}
          {settings.isError && (
            <ErrorState
              compact
              title="Settings could not be loaded"
              message={problemMessage(settings.error)}
              onRetry={() => void settings.refetch()}
            />
          )}
          {settings.data && (
            <>
              <Text size="sm">Organisation: {settings.data.name}</Text>
              <OrganisationForm settings={settings.data} />
            </>
          )}
        </Stack>
      </Paper>
      {settings.data && (
        <Paper withBorder p={{ base: 'xs', sm: 'md' }} radius="md">
          <Stack gap="md">
            <Title order={2} size="h4">
              Data retention
            </Title>
            <RetentionForm settings={settings.data} />
          </Stack>
        </Paper>
      )}
      <ScimTokensPanel />
    </Stack>
  );
}
