import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Button, FileInput, Group, Progress, Stack, Table, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { HttpError } from '../../../lib/http.ts';
import { formatPercent } from '../../../lib/i18n/formatters.ts';
import { problemMessage } from '../utils/problem-message.ts';
import type { TUploadProgress } from '../utils/send-with-progress.ts';
import { ScrollBox } from './scroll-box.tsx';

export type TCountRow = { entity: string; created: number; updated: number; unchanged: number; removed?: number };
type TFileProblem = { line: number; path: string; message: string };

type UploadFlowProps<TResult> = {
  // The file field's label ("The people file").
  label: string;
  accept: string;
  // The field's description: the kinds of file it takes, and that nothing changes before Apply.
  description: string;
  // Checks the file before anything is sent: an error sentence, or null.
  checkFile: (file: File) => string | null;
  send: (
    options: { file: File; source: string; dryRun: boolean },
    onProgress: (p: TUploadProgress) => void,
  ) => Promise<TResult>;
  rowsOf: (result: TResult) => TCountRow[];
  // After the changes are applied (the lists to load again, say).
  onApplied?: (result: TResult) => void;
};

type TStep<TResult> =
  | { name: 'choose' }
  | { name: 'sending'; dryRun: boolean; progress: TUploadProgress }
  | { name: 'preview'; result: TResult }
  | { name: 'applied'; result: TResult };

function problemsOf(error: unknown): TFileProblem[] {
  if (!(error instanceof HttpError) || !error.body || typeof error.body !== 'object') return [];
  const problems = 'problems' in error.body ? error.body.problems : undefined;
  return Array.isArray(problems) ? (problems as TFileProblem[]) : [];
}

function CountsTable({ rows, caption }: { rows: TCountRow[]; caption: string }) {
  const withRemoved = rows.some((row) => row.removed !== undefined);
  const { t } = useLingui();
  return (
    <ScrollBox label={caption} minWidth={300}>
      <Table striped withTableBorder>
        <Table.Caption>{caption}</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{t`What`}</Table.Th>
            <Table.Th scope="col">{t`Created`}</Table.Th>
            <Table.Th scope="col">{t`Updated`}</Table.Th>
            <Table.Th scope="col">{t`Unchanged`}</Table.Th>
            {withRemoved && <Table.Th scope="col">{t`Removed`}</Table.Th>}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={row.entity}>
              <Table.Th scope="row">{row.entity}</Table.Th>
              <Table.Td>{row.created}</Table.Td>
              <Table.Td>{row.updated}</Table.Td>
              <Table.Td>{row.unchanged}</Table.Td>
              {withRemoved && <Table.Td>{row.removed ?? 0}</Table.Td>}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollBox>
  );
}

function ProblemsList({ problems }: { problems: TFileProblem[] }) {
  const { t } = useLingui();
  return (
    <ScrollBox label={t`Problems table`} minWidth={300}>
      <Table withTableBorder>
        <Table.Caption>
          <Trans>Problems found in the file</Trans>
        </Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{t`Line`}</Table.Th>
            <Table.Th scope="col">{t`Field`}</Table.Th>
            <Table.Th scope="col">{t`Problem`}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {problems.map((problem, index) => (
            <Table.Tr key={`${problem.line}-${problem.path}-${index}`}>
              <Table.Td>{problem.line}</Table.Td>
              <Table.Td>{problem.path || '—'}</Table.Td>
              <Table.Td>{problem.message}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollBox>
  );
}

function SendingProgress({ dryRun, progress }: { dryRun: boolean; progress: TUploadProgress }) {
  const { t, i18n } = useLingui();
  const sent = progress.phase === 'uploading' ? formatPercent(i18n.locale, progress.sent) : '';
  const label =
    progress.phase === 'uploading' ? t`Uploading… ${sent}` : dryRun ? t`Checking the file…` : t`Applying the changes…`;
  return (
    <Stack gap={4} role="status" aria-live="polite">
      <Text size="sm">{label}</Text>
      <Progress
        value={progress.phase === 'uploading' ? progress.sent * 100 : 100}
        animated={progress.phase === 'processing'}
        striped={progress.phase === 'processing'}
        aria-label={label}
      />
    </Stack>
  );
}

// Upload a file, see what it would change (a dry run: nothing written), then apply it. A file with
// problems lists them by line and field; nothing is written until Apply, and Apply is all or nothing.
export function UploadFlow<TResult>(props: UploadFlowProps<TResult>) {
  const { label, accept, description, checkFile, send, rowsOf, onApplied } = props;
  const { t } = useLingui();
  const [file, setFile] = useState<File | null>(null);
  const [source, setSource] = useState<string>('');
  const [step, setStep] = useState<TStep<TResult>>({ name: 'choose' });
  const [error, setError] = useState<unknown>(null);
  const fileProblem = file ? checkFile(file) : null;

  const run = async (dryRun: boolean) => {
    if (!file) return;
    setError(null);
    setStep({ name: 'sending', dryRun, progress: { phase: 'uploading', sent: 0 } });
    try {
      const text = source || (await file.text());
      setSource(text);
      const result = (await send({ file, source: text, dryRun }, (progress) =>
        setStep({ name: 'sending', dryRun, progress }),
      )) as TResult;
      setStep(dryRun ? { name: 'preview', result } : { name: 'applied', result });
      if (!dryRun) onApplied?.(result);
    } catch (caught) {
      setError(caught);
      setStep({ name: 'choose' });
    }
  };

  const choose = (chosen: File | null) => {
    setFile(chosen);
    setSource('');
    setError(null);
    setStep({ name: 'choose' });
  };

  const problems = problemsOf(error);
  const sending = step.name === 'sending';
  return (
    <Stack gap="md">
      <FileInput
        label={label}
        description={description}
        placeholder={t`Choose a file`}
        accept={accept}
        value={file}
        onChange={choose}
        clearable
        clearButtonProps={{ 'aria-label': t`Remove the chosen file` }}
        disabled={sending}
        error={fileProblem}
      />
      {step.name === 'sending' && <SendingProgress dryRun={step.dryRun} progress={step.progress} />}
      {error !== null && (
        <Alert color="red" role="alert" title={problems.length ? t`The file has problems` : t`The upload failed`}>
          <Stack gap="xs">
            <Text size="sm">{problemMessage(error)}</Text>
            {problems.length > 0 && <ProblemsList problems={problems} />}
            <Text size="sm">
              <Trans>Nothing was changed. Correct the file and check it again.</Trans>
            </Text>
          </Stack>
        </Alert>
      )}
      {step.name === 'preview' && (
        <Stack gap="sm">
          <Title order={3} size="h4">
            <Trans>Preview: what applying this file will change</Trans>
          </Title>
          <CountsTable rows={rowsOf(step.result)} caption={t`Changes if you apply the file (nothing written yet)`} />
        </Stack>
      )}
      {step.name === 'applied' && (
        <Alert color="green" title={t`The file has been applied`} role="status">
          <CountsTable rows={rowsOf(step.result)} caption={t`Changes made`} />
        </Alert>
      )}
      <Group gap="sm">
        {step.name !== 'preview' && step.name !== 'applied' && (
          <Button onClick={() => void run(true)} disabled={!file || !!fileProblem} loading={sending}>
            <Trans>Check the file</Trans>
          </Button>
        )}
        {step.name === 'preview' && (
          <>
            <Button onClick={() => void run(false)}>
              <Trans>Apply the changes</Trans>
            </Button>
            <Button variant="default" onClick={() => choose(null)}>
              <Trans>Choose another file</Trans>
            </Button>
          </>
        )}
        {step.name === 'applied' && (
          <Button variant="default" onClick={() => choose(null)}>
            <Trans>Upload another file</Trans>
          </Button>
        )}
      </Group>
    </Stack>
  );
}
