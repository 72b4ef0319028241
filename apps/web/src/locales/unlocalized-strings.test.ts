import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

// Every text of the web app goes through a catalog, and a lint rule keeps it so (eslint.config.js,
// lingui/no-unlocalized-strings): proven here on a screen that breaks it, and on one that keeps it.
const root = `${path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..')}/`;

let eslint: ESLint;
beforeAll(() => {
  eslint = new ESLint({ cwd: root });
});

async function problems(filePath: string, code: string) {
  const [result] = await eslint.lintText(code, { filePath: `${root}apps/web/src/${filePath}` });
  return result!.messages.map((m) => `${m.ruleId}: ${m.line}: ${m.message}`);
}

const unlocalized = (line: number) => expect.stringMatching(new RegExp(`^lingui/no-unlocalized-strings: ${line}: `));

// The first lint loads ESLint, its plugins and TypeScript's parser: seconds on a busy machine.
describe('the texts of the web app', { timeout: 60_000 }, () => {
  it('refuses a text written in JSX, in a text attribute, or in a variable, outside a macro', async () => {
    const screen = [
      "import { Button, TextInput } from '@mantine/core';",
      "const SAVED = 'Your changes were saved';",
      'export function Probe() {',
      '  return (',
      '    <>',
      '      <Button>Save changes</Button>',
      '      <TextInput label="Your name" placeholder="Jane Doe" />',
      '      <p>{SAVED}</p>',
      '    </>',
      '  );',
      '}',
      '',
    ].join('\n');
    expect(await problems('features/probe/components/probe.tsx', screen)).toEqual([
      unlocalized(2),
      unlocalized(6),
      unlocalized(7),
      unlocalized(7),
    ]);
  });

  it('lets texts through macros, and values that are not words for people', async () => {
    const screen = [
      "import { Trans, useLingui } from '@lingui/react/macro';",
      "import { Button, TextInput } from '@mantine/core';",
      "const SETTINGS_PATH = '/settings/notifications';",
      'export function Probe() {',
      '  const { t } = useLingui();',
      "  console.error('Could not load the probe');",
      '  return (',
      '    <>',
      '      <Button variant="light" size="xs" color="red" data-testid="save" component="a" href={SETTINGS_PATH}>',
      '        <Trans>Save changes</Trans>',
      '      </Button>',
      '      <TextInput label={t`Your name`} type="text" name="display-name" aria-hidden />',
      '      <span className="probe-count">{42}</span>',
      '    </>',
      '  );',
      '}',
      '',
    ].join('\n');
    expect(await problems('features/probe/components/probe.tsx', screen)).toEqual([]);
  });

  it('leaves tests and test kits alone', async () => {
    const test = "import { expect } from 'vitest';\nexpect('Save changes').toBe('Save changes');\n";
    expect(await problems('features/probe/components/probe.test.tsx', test)).toEqual([]);
    expect(await problems('features/probe/testing/factories.ts', "export const NAME = 'Jane Doe';\n")).toEqual([]);
  });
});
