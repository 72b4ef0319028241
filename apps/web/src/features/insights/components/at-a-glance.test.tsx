import { SUPPRESSED_TEXT } from '@habitrack/contracts/insights/get-insights';
import { MantineProvider } from '@mantine/core';
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createInsights, hidden, shown } from '../testing/factories.ts';
import { atAGlance } from '../utils/sections.ts';
import { AtAGlance } from './at-a-glance.tsx';

describe('atAGlance', () => {
  it("gives the members and the last week's figures with their change on the week before", () => {
    expect(atAGlance(createInsights())).toEqual([
      { label: 'Members', value: '24', suppressed: false, note: 'In the programme' },
      {
        label: 'Participation',
        value: '84.3 %',
        suppressed: false,
        note: 'Week of 2026-03-09, +1 points on the week before',
      },
      {
        label: 'Check-in rate',
        value: '61 %',
        suppressed: false,
        note: 'Week of 2026-03-09, +1 points on the week before',
      },
      // The week before was suppressed: no change can be given.
      { label: 'Mood (1 to 5)', value: '3.8', suppressed: false, note: 'Week of 2026-03-09' },
    ]);
  });

  it('keeps a suppressed figure suppressed, and says so for a fall, no change and no week', () => {
    const weeks = ['2026-03-02', '2026-03-09'];
    const figures = atAGlance(
      createInsights({
        scope: 'departments',
        members: hidden,
        participation: [
          { week: weeks[0]!, participants: shown(20), rate: shown(80) },
          { week: weeks[1]!, participants: hidden, rate: hidden },
        ],
        check_in_rate: [
          { week: weeks[0]!, rate: shown(70.25) },
          { week: weeks[1]!, rate: shown(65.1) },
        ],
        mood: [
          { week: weeks[0]!, average: shown(4) },
          { week: weeks[1]!, average: shown(4) },
        ],
      }),
    );
    expect(figures[0]).toEqual({
      label: 'Members',
      value: SUPPRESSED_TEXT,
      suppressed: true,
      note: 'In your departments',
    });
    expect(figures[1]).toEqual({
      label: 'Participation',
      value: SUPPRESSED_TEXT,
      suppressed: true,
      note: 'Week of 2026-03-09',
    });
    expect(figures[2]!.note).toBe('Week of 2026-03-09, -5.2 points on the week before');
    expect(figures[3]!.note).toBe('Week of 2026-03-09, as the week before');
    const none = atAGlance(createInsights({ weeks: [], participation: [], check_in_rate: [], mood: [] }));
    expect(none.slice(1).map((figure) => [figure.value, figure.note])).toEqual([
      ['No data', 'No complete week yet'],
      ['No data', 'No complete week yet'],
      ['No data', 'No complete week yet'],
    ]);
  });
});

describe('AtAGlance', () => {
  it('lists each figure under its name, in a named section', () => {
    render(
      <MantineProvider env="test">
        <AtAGlance data={createInsights()} />
      </MantineProvider>,
    );
    const section = screen.getByRole('region', { name: 'At a glance' });
    const terms = within(section).getAllByRole('term');
    expect(terms.map((term) => term.textContent)).toEqual([
      'Members',
      'Participation',
      'Check-in rate',
      'Mood (1 to 5)',
    ]);
    const values = within(section)
      .getAllByRole('definition')
      .map((definition) => definition.textContent);
    expect(values).toEqual([
      '24',
      'In the programme',
      '84.3 %',
      'Week of 2026-03-09, +1 points on the week before',
      '61 %',
      'Week of 2026-03-09, +1 points on the week before',
      '3.8',
      'Week of 2026-03-09',
    ]);
  });
});
