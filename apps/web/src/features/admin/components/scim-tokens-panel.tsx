import type { TCreateScimTokenResponse, TScimToken } from '@habitrack/contracts/admin/scim-tokens';
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
  return (
    <Modal
      opened={token !== null}
      onClose={onClose}
      closeButtonProps={{ 'aria-label': 'Close' }}
      title="Your new SCIM token"
      centered
      closeOnClickOutside={false}
    >
      {token && (
        <Stack gap="md">
          <Alert color="yellow" title="Copy it now: it is shown only once">
            Paste it into your directory&apos;s provisioning settings (Microsoft Entra ID, Okta). HabiTrack keeps only a
            fingerprint of it, so it cannot show it again; if it is lost, create a new one and revoke this one.
          </Alert>
          <Code block style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }} aria-label="SCIM token">
            {token.token}
          </Code>
          <Group justify="space-between">
            <CopyButton value={token.token}>
              {({ copied, copy }) => (
                <Button onClick={copy} color={copied ? 'green' : undefined}>
                  {copied ? 'Copied' : 'Copy the token'}
                </Button>
              )}
            </CopyButton>
            <Button variant="default" onClick={onClose}>
              I have copied it
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
  const tokens = useScimTokens();
  const create = useCreateScimToken();
  const revoke = useRevokeScimToken();
  const [revoking, setRevoking] = useState<TScimToken | null>(null);
  const closeRevoke = () => {
    setRevoking(null);
    revoke.reset();
  };

  return (
    <Paper withBorder p="md" radius="md">
      <Stack gap="md">
        <Group justify="space-between">
          <Title order={2} size="h4">
            SCIM tokens
          </Title>
          <Button onClick={() => create.mutate()} loading={create.isPending}>
            Create a token
          </Button>
        </Group>
        <Text size="sm" c="dimmed">
          Your directory uses a token to add, update and deactivate people automatically (SCIM 2.0).
        </Text>
        {create.isError && (
          <Alert color="red" role="alert" title="No token was created">
            {problemMessage(create.error)}
          </Alert>
        )}
        {tokens.isPending && <LoadingState label="Loading SCIM tokens" />}
        {tokens.isError && (
          <ErrorState
            compact
            title="SCIM tokens could not be loaded"
            message={problemMessage(tokens.error)}
            onRetry={() => void tokens.refetch()}
          />
        )}
        {tokens.data?.length === 0 && <Text>No tokens yet.</Text>}
        {tokens.data && tokens.data.length > 0 && (
          <ScrollBox label="SCIM tokens table" minWidth={560}>
            <Table striped>
              <Table.Caption>SCIM tokens, newest first</Table.Caption>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">Token</Table.Th>
                  <Table.Th scope="col">Created</Table.Th>
                  <Table.Th scope="col">Last used</Table.Th>
                  <Table.Th scope="col">Status</Table.Th>
                  <Table.Th scope="col">Actions</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {tokens.data.map((token) => (
                  <Table.Tr key={token.id}>
                    <Table.Th scope="row">
                      <Code>{token.prefix}…</Code>
                    </Table.Th>
                    <Table.Td>
                      {formatInstant(token.created_at)}
                      {token.created_by ? ` by ${token.created_by.name}` : ''}
                    </Table.Td>
                    <Table.Td>{token.last_used_at ? formatInstant(token.last_used_at) : 'Never'}</Table.Td>
                    <Table.Td>
                      {token.revoked_at ? (
                        <Badge miw="max-content" color="gray">
                          Revoked {formatInstant(token.revoked_at)}
                        </Badge>
                      ) : (
                        <Badge miw="max-content" color="green">
                          Active
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
                          aria-label={`Revoke token ${token.prefix}`}
                        >
                          Revoke
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
        title="Revoke this token?"
        confirmLabel="Revoke"
        danger
        pending={revoke.isPending}
        error={revoke.isError ? problemMessage(revoke.error) : null}
        onConfirm={() => revoking && revoke.mutate(revoking.id, { onSuccess: closeRevoke })}
        onClose={closeRevoke}
      >
        {`Your directory will no longer be able to provision people with the token ${revoking?.prefix ?? ''}…. This cannot be undone.`}
      </ConfirmDialog>
    </Paper>
  );
}
