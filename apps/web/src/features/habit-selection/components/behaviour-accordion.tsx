import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { Accordion, SimpleGrid, Text } from '@mantine/core';
import { ALL_HABITS_GROUP_ID, countGroup, OTHER_ACTIVE_GROUP_ID, type THabitGroup } from '../utils/habit-groups.ts';
import { HabitCard } from './habit-card.tsx';

// The groups the app makes itself, named in the member's language; a behaviour keeps its own name.
const GROUP_NAMES: Record<string, MessageDescriptor> = {
  [ALL_HABITS_GROUP_ID]: msg`Available Habits`,
  [OTHER_ACTIVE_GROUP_ID]: msg`Your Other Active Habits`,
};

type BehaviourAccordionProps = {
  groups: THabitGroup[];
  expanded: string[];
  onExpandedChange: (expanded: string[]) => void;
  selectedIds: ReadonlySet<string>;
  activeIds: ReadonlySet<string>;
  onToggle: (habitId: string) => void;
};

export function BehaviourAccordion({
  groups,
  expanded,
  onExpandedChange,
  selectedIds,
  activeIds,
  onToggle,
}: BehaviourAccordionProps) {
  const { i18n } = useLingui();
  return (
    <Accordion multiple value={expanded} onChange={onExpandedChange} variant="separated" order={2}>
      {groups.map((group) => {
        const counts = countGroup(group, selectedIds, activeIds);
        return (
          <Accordion.Item key={group.id} value={group.id}>
            <Accordion.Control>
              <Text span fw={600} display="block">
                {GROUP_NAMES[group.id] ? i18n._(GROUP_NAMES[group.id]!) : group.name}
              </Text>
              <Text span size="sm" c="dimmed" display="block">
                <GroupCounts habits={counts.habits} selected={counts.selected} active={counts.active} />
              </Text>
            </Accordion.Control>
            <Accordion.Panel>
              {group.description && (
                <Text size="sm" c="dimmed" mb="sm">
                  {group.description}
                </Text>
              )}
              {group.habits.length === 0 && (
                <Text size="sm">
                  <Trans>No habits in this behaviour yet.</Trans>
                </Text>
              )}
              <SimpleGrid cols={{ base: 1, sm: 2 }}>
                {group.habits.map((habit) => (
                  <HabitCard
                    key={habit.id}
                    habit={habit}
                    selected={selectedIds.has(habit.id)}
                    active={activeIds.has(habit.id)}
                    onToggle={onToggle}
                  />
                ))}
              </SimpleGrid>
            </Accordion.Panel>
          </Accordion.Item>
        );
      })}
    </Accordion>
  );
}

function GroupCounts({ habits, selected, active }: { habits: number; selected: number; active: number }) {
  return (
    <Trans>
      <Plural value={habits} one="# habit" other="# habits" /> · {selected} selected · {active} currently active
    </Trans>
  );
}
