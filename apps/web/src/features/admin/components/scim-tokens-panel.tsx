import type { TCreateScimTokenResponse, TScimToken } from '@habitrack/contracts/admin/scim-tokens';
import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Badge, Button, Code, CopyButton, Group, Modal, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { ErrorState } from '../../../components/ui/error-state.tsx';
import { LoadingState } from '../../../components/ui/loading-state.tsx';
import { useCreateScimToken, useRevokeScimToken, useScimTokens } from '../api/scim-tokens.ts';
import { formatInstant } from '../utils/labels.ts';
import { problemMessage } from '../utils/problem-message.ts';
import { ConfirmDialog } from './confirm-dialog.tsx';
import { ScrollBox } from './scroll-box.tsx';

function NewTokenModal({ token, onClose }: { token: TCreateScimTokenResponse | null; onClose: () => void }) {
  const { t } = useLingui();
  return (
    <Modal
      opened={token !== null}
      onClose={onClose}
      closeButtonProps={{ 'aria-label': t`Close` }}
      title={t`Your new SCIM token`}
      centered
      closeOnClickOutside={false}
    >
      {token && (
        <Stack gap="md">
          <Alert color="yellow" title={t`Copy it now: it is shown only once`}>
            <Trans>
              Paste it into your directory&apos;s provisioning settings (Microsoft Entra ID, Okta). HabiTrack keeps only
              a fingerprint of it, so it cannot show it again; if it is lost, create a new one and revoke this one.
            </Trans>
          </Alert>
          <Code block style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }} aria-label={t`SCIM token`}>
            {token.token}
          </Code>
          <Group justify="space-between">
            <CopyButton value={token.token}>
              {({ copied, copy }) => (
                <Button onClick={copy} color={copied ? 'green' : undefined}>
                  {copied ? t`Copied` : t`Copy the token`}
                </Button>
              )}
            </CopyButton>
            <Button variant="default" onClick={onClose}>
              <Trans>I have copied it</Trans>
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}

// SCIM tokens: what lets the organisation's directory provision people. Created here (shown once)
// and revoked here.
export function ScimTokensPanel() {
  const { t } = useLingui();
  const tokens = useScimTokens();
  const create = useCreateScimToken();
  const revoke = useRevokeScimToken();
  const [revoking, setRevoking] = useState<TScimToken | null>(null);
  const closeRevoke = () => {
    setRevoking(null);
    revoke.reset();
  };

  const revokingPrefix = revoking?.prefix ?? '';
  return (
    <Paper withBorder p="md" radius="md">
      <Stack gap="md">
        <Group justify="space-between">
          <Title order={2} size="h4">
            <Trans>SCIM tokens</Trans>
          </Title>
          <Button onClick={() => create.mutate()} loading={create.isPending}>
            <Trans>Create a token</Trans>
          </Button>
        </Group>
        <Text size="sm" c="dimmed">
          <Trans>Your directory uses a token to add, update and deactivate people automatically (SCIM 2.0).</Trans>
        </Text>
        {create.isError && (
          <Alert color="red" role="alert" title={t`No token was created`}>
            {problemMessage(create.error)}
          </Alert>
        )}
        {tokens.isPending && <LoadingState label={t`Loading SCIM tokens`} />}
        {tokens.isError && (
          <ErrorState
            compact
            title={t`SCIM tokens could not be loaded`}
            message={problemMessage(tokens.error)}
            onRetry={() => void tokens.refetch()}
          />
        )}
        {tokens.data?.length === 0 && (
          <Text>
            <Trans>No tokens yet.</Trans>
          </Text>
        )}
        {tokens.data && tokens.data.length > 0 && (
          <ScrollBox label={t`SCIM tokens table`} minWidth={560}>
            <Table striped>
              <Table.Caption>
                <Trans>SCIM tokens, newest first</Trans>
              </Table.Caption>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">{t`Token`}</Table.Th>
                  <Table.Th scope="col">{t({ message: 'Created', context: 'the date a token was created' })}</Table.Th>
                  <Table.Th scope="col">{t`Last used`}</Table.Th>
                  <Table.Th scope="col">{t`Status`}</Table.Th>
                  <Table.Th scope="col">{t`Actions`}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {tokens.data.map((token) => (
                  <Table.Tr key={token.id}>
                    <Table.Th scope="row">
                      <Code>{token.prefix}…</Code>
                    </Table.Th>
                    <Table.Td>
                      {token.created_by
                        ? t`${formatInstant(token.created_at)} by ${token.created_by.name}`
                        : formatInstant(token.created_at)}
                    </Table.Td>
                    <Table.Td>{token.last_used_at ? formatInstant(token.last_used_at) : t`Never`}</Table.Td>
                    <Table.Td>
                      {token.revoked_at ? (
                        <Badge miw="max-content" color="gray">
                          <Trans>Revoked {formatInstant(token.revoked_at)}</Trans>
                        </Badge>
                      ) : (
                        <Badge miw="max-content" color="green">
                          <Trans>Active</Trans>
                        </Badge>
                      )}
                    </Table.Td>
                    <Table.Td>
                      {!token.revoked_at && (
                        <Button
                          size="xs"
                          color="red"
                          variant="light"
                          onClick={() => setRevoking(token)}
                          aria-label={t`Revoke token ${token.prefix}`}
                        >
                          <Trans>Revoke</Trans>
                        </Button>
                      )}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </ScrollBox>
        )}
      </Stack>
      <NewTokenModal token={create.data ?? null} onClose={() => create.reset()} />
      <ConfirmDialog
        opened={revoking !== null}
        title={t`Revoke this token?`}
        confirmLabel={t`Revoke`}
        danger
        pending={revoke.isPending}
        error={revoke.isError ? problemMessage(revoke.error) : null}
        onConfirm={() => revoking && revoke.mutate(revoking.id, { onSuccess: closeRevoke })}
        onClose={closeRevoke}
      >
        {t`Your directory will no longer be able to provision people with the token ${revokingPrefix}…. This cannot be undone.`}
      </ConfirmDialog>
    </Paper>
  );
}
