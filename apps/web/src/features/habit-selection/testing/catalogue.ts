import { createBehaviour, createHabit } from './factories.ts';

// A small programme: three behaviours, six habits, for the page tests.
export function createCatalogue() {
  const listening = createHabit({ name: 'Active Listening' });
  const checkIns = createHabit({
    name: 'Daily Check-ins',
    difficulty: 'medium',
    estimated_time_minutes: 15,
    default_duration_days: 45,
    description: 'A short one-on-one with each direct report.',
    instructions: 'Ask one open question and listen for the answer.',
    positive_changes: [
      { id: crypto.randomUUID(), name: 'Earlier warning of problems', description: null, category: 'team' },
      { id: crypto.randomUUID(), name: 'More engaged team', description: null, category: 'team' },
    ],
  });
  const feedback = createHabit({ name: 'Clear Feedback', difficulty: 'hard' });
  const thanks = createHabit({ name: 'Say Thank You' });
  const wins = createHabit({ name: 'Celebrate Wins' });
  const deepWork = createHabit({ name: 'Deep Work Block' });
  const behaviours = [
    createBehaviour({ name: 'Communication', habits: [listening, checkIns, feedback] }),
    createBehaviour({ name: 'Recognition', habits: [thanks, wins] }),
    createBehaviour({ name: 'Focus', habits: [deepWork] }),
  ];
  return { behaviours, habits: { listening, checkIns, feedback, thanks, wins, deepWork } };
}
