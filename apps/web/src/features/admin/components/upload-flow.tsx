import { Alert, Button, FileInput, Group, Progress, Stack, Table, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { HttpError } from '../../../lib/http.ts';
import { problemMessage } from '../utils/problem-message.ts';
import type { TUploadProgress } from '../utils/send-with-progress.ts';
import { ScrollBox } from './scroll-box.tsx';

export type TCountRow = { entity: string; created: number; updated: number; unchanged: number; removed?: number };
type TFileProblem = { line: number; path: string; message: string };

type UploadFlowProps<TResult> = {
  // What the file is, for the labels ("people file").
  what: string;
  accept: string;
  // The kinds of file it takes, for the field's description ("YAML or CSV").
  formats: string;
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
  return (
    <ScrollBox label={caption} minWidth={300}>
      <Table striped withTableBorder>
        <Table.Caption>{caption}</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">What</Table.Th>
            <Table.Th scope="col">Created</Table.Th>
            <Table.Th scope="col">Updated</Table.Th>
            <Table.Th scope="col">Unchanged</Table.Th>
            {withRemoved && <Table.Th scope="col">Removed</Table.Th>}
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
  return (
    <ScrollBox label="Problems table" minWidth={300}>
      <Table withTableBorder>
        <Table.Caption>Problems found in the file</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Line</Table.Th>
            <Table.Th scope="col">Field</Table.Th>
            <Table.Th scope="col">Problem</Table.Th>
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
  const label =
    progress.phase === 'uploading'
      ? `Uploading… ${Math.round(progress.sent * 100)}%`
      : dryRun
        ? 'Checking the file…'
        : 'Applying the changes…';
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
  const { what, accept, formats, checkFile, send, rowsOf, onApplied } = props;
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
        label={`The ${what}`}
        description={`${formats}, as the import command reads it. Nothing changes until you apply it.`}
        placeholder="Choose a file"
        accept={accept}
        value={file}
        onChange={choose}
        clearable
        clearButtonProps={{ 'aria-label': 'Remove the chosen file' }}
        disabled={sending}
        error={fileProblem}
      />
      {step.name === 'sending' && <SendingProgress dryRun={step.dryRun} progress={step.progress} />}
      {error !== null && (
        <Alert color="red" role="alert" title={problems.length ? 'The file has problems' : 'The upload failed'}>
          <Stack gap="xs">
            <Text size="sm">{problemMessage(error)}</Text>
            {problems.length > 0 && <ProblemsList problems={problems} />}
            <Text size="sm">Nothing was changed. Correct the file and check it again.</Text>
          </Stack>
        </Alert>
      )}
      {step.name === 'preview' && (
        <Stack gap="sm">
          <Title order={3} size="h4">
            Preview: what applying this file will change
          </Title>
          <CountsTable rows={rowsOf(step.result)} caption="Changes if you apply the file (nothing written yet)" />
        </Stack>
      )}
      {step.name === 'applied' && (
        <Alert color="green" title="The file has been applied" role="status">
          <CountsTable rows={rowsOf(step.result)} caption="Changes made" />
        </Alert>
      )}
      <Group gap="sm">
        {step.name !== 'preview' && step.name !== 'applied' && (
          <Button onClick={() => void run(true)} disabled={!file || !!fileProblem} loading={sending}>
            Check the file
          </Button>
        )}
        {step.name === 'preview' && (
          <>
            <Button onClick={() => void run(false)}>Apply the changes</Button>
            <Button variant="default" onClick={() => choose(null)}>
              Choose another file
            </Button>
          </>
        )}
        {step.name === 'applied' && (
          <Button variant="default" onClick={() => choose(null)}>
            Upload another file
          </Button>
        )}
      </Group>
    </Stack>
  );
}
