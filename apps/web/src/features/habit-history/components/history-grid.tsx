import type { THistoryDay } from '@habitrack/contracts/habits/get-habit-history';
import { Trans, useLingui } from '@lingui/react/macro';
import { Box, Group, Stack, Text, UnstyledButton, useDirection, VisuallyHidden } from '@mantine/core';
import { type KeyboardEvent, memo, useCallback, useId, useMemo, useRef } from 'react';
import { calendarWeeks, keyMove } from '../utils/calendar.ts';
import { dayLabel, dayOfMonth, STATE_LABELS, STATE_MARKS } from '../utils/day-labels.ts';
import { weekdayNames } from '../utils/day-names.ts';
import { firstDayOfWeek } from '../utils/week-start.ts';
import classes from './history-grid.module.css';

type HistoryGridProps = {
  habitName: string;
  days: readonly THistoryDay[];
  today: string;
  selected: string;
  onSelect: (date: string) => void;
};

const LEGEND = ['completed', 'skipped', 'paused', 'not_logged', 'today', 'future'] as const;

// The habit's whole frame as a calendar (WAI-ARIA grid pattern): one tab stop, the arrow keys move
// a day or a week (Home/End to the week's ends, Page Up/Down four weeks), and the day in focus is
// the one selected. Each day says its date and state in words and shows a mark of its own shape.
// The weeks start on the day the member's locale starts them (Monday in en-GB, Sunday in en-US).
// Right to left (Arabic) the grid's columns run from the right, as the page does, so a week reads
// from its first day on the right; the arrow keys follow what they point at (utils/calendar.ts).
export function HistoryGrid({ habitName, days, today, selected, onSelect }: HistoryGridProps) {
  const { t, i18n } = useLingui();
  const firstDay = firstDayOfWeek(i18n.locale);
  const weekdays = useMemo(() => weekdayNames(i18n.locale, firstDay), [i18n.locale, firstDay]);
  const legendId = useId();
  const { dir } = useDirection();
  const buttons = useRef(new Map<string, HTMLButtonElement>());
  const register = useCallback((date: string, element: HTMLButtonElement | null) => {
    if (element) buttons.current.set(date, element);
    else buttons.current.delete(date);
  }, []);
  const onKeyDown = useCallback(
    (event: KeyboardEvent, date: string) => {
      const next = keyMove(
        event.key,
        days.findIndex((d) => d.date === date),
        days,
        firstDay,
        dir,
      );
      if (next === null) return;
      event.preventDefault();
      const target = days[next]!.date;
      onSelect(target);
      buttons.current.get(target)?.focus();
    },
    [days, onSelect, firstDay, dir],
  );

  return (
    <Stack gap="sm">
      <Box
        role="grid"
        aria-label={t`${habitName}: every day of the habit`}
        aria-describedby={legendId}
        className={classes.grid}
      >
        <div role="row" className={classes.row}>
          {weekdays.map((weekday) => (
            <div role="columnheader" key={weekday.long} className={classes.header}>
              <span aria-hidden>{weekday.short}</span>
              <VisuallyHidden>{weekday.long}</VisuallyHidden>
            </div>
          ))}
        </div>
        {calendarWeeks(days, firstDay).map((week, w) => (
          <div role="row" key={week.find(Boolean)?.date ?? w} className={classes.row}>
            {week.map((day, d) =>
              day ? (
                <DayCell
                  key={day.date}
                  day={day}
                  today={today}
                  selected={day.date === selected}
                  register={register}
                  onSelect={onSelect}
                  onKeyDown={onKeyDown}
                />
              ) : (
                <div role="gridcell" key={`empty-${w}-${d}`} className={classes.empty} />
              ),
            )}
          </div>
        ))}
      </Box>
      <Group gap="md" id={legendId} component="ul" className={classes.legend} aria-label={t`Key`}>
        {LEGEND.map((state) => (
          <Text component="li" size="sm" key={state}>
            <span className={classes.legendMark} data-state={state} aria-hidden>
              {STATE_MARKS[state] || ' '}
            </span>{' '}
            {state === 'today' ? <Trans>Today</Trans> : i18n._(STATE_LABELS[state])}
          </Text>
        ))}
      </Group>
    </Stack>
  );
}

type DayCellProps = {
  day: THistoryDay;
  today: string;
  selected: boolean;
  register: (date: string, element: HTMLButtonElement | null) => void;
  onSelect: (date: string) => void;
  onKeyDown: (event: KeyboardEvent, date: string) => void;
};

// Memoised: moving the selection re-renders the two days it leaves and reaches, not the frame.
const DayCell = memo(function DayCell({ day, today, selected, register, onSelect, onKeyDown }: DayCellProps) {
  const { i18n } = useLingui();
  return (
    <div role="gridcell" aria-selected={selected}>
      <UnstyledButton
        ref={(element) => register(day.date, element)}
        className={classes.day}
        data-state={day.state}
        data-date={day.date}
        data-today={day.date === today || undefined}
        data-selected={selected || undefined}
        tabIndex={selected ? 0 : -1}
        aria-label={dayLabel(i18n, day, today)}
        onClick={() => onSelect(day.date)}
        onKeyDown={(event) => onKeyDown(event, day.date)}
      >
        <span className={classes.number}>{dayOfMonth(day.date)}</span>
        <span className={classes.mark} aria-hidden>
          {STATE_MARKS[day.state]}
        </span>
      </UnstyledButton>
    </div>
  );
});
