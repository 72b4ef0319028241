import { Accordion, SimpleGrid, Text } from '@mantine/core';
import { countGroup, type THabitGroup } from '../utils/habit-groups.ts';
import { HabitCard } from './habit-card.tsx';
import { plural } from '../../../lib/plural.ts';

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
  return (
    <Accordion multiple value={expanded} onChange={onExpandedChange} variant="separated" order={2}>
      {groups.map((group) => {
        const counts = countGroup(group, selectedIds, activeIds);
        return (
          <Accordion.Item key={group.id} value={group.id}>
            <Accordion.Control>
              <Text span fw={600} display="block">
                {group.name}
              </Text>
              <Text span size="sm" c="dimmed" display="block">
                {plural(counts.habits, 'habit')} · {counts.selected} selected · {counts.active} currently active
              </Text>
            </Accordion.Control>
            <Accordion.Panel>
              {group.description && (
                <Text size="sm" c="dimmed" mb="sm">
                  {group.description}
                </Text>
              )}
              {group.habits.length === 0 && <Text size="sm">No habits in this behaviour yet.</Text>}
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
