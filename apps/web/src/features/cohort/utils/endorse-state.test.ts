import { NO_ACTIVE_HABITS_TO_ENDORSE } from '@habitrack/contracts/social/endorse-member';
import { describe, expect, it } from 'vitest';
import { createCohortMember } from '../testing/factories.ts';
import { ALREADY_ENDORSED, endorseState, SAMPLE_CANNOT_ENDORSE } from './endorse-state.ts';

const state = (member = createCohortMember(), { endorsedHere = false, sample = false } = {}) =>
  endorseState({ member, endorsedHere, sample });

describe('endorseState', () => {
  it('offers Endorse for a mate with an active habit', () => {
    expect(state()).toEqual({ kind: 'enabled' });
  });

  it('shows no button on the own row', () => {
    expect(state(createCohortMember({ is_current_user: true }))).toEqual({ kind: 'none' });
  });

  it('says why it is disabled', () => {
    expect(state(createCohortMember({ active_habits: [] }))).toEqual({
      kind: 'disabled',
      label: 'Endorse',
      reason: NO_ACTIVE_HABITS_TO_ENDORSE,
    });
    const endorsed = { kind: 'disabled', label: 'Endorsed', reason: ALREADY_ENDORSED };
    expect(state(createCohortMember({ endorsed_today: true }))).toEqual(endorsed);
    expect(state(createCohortMember(), { endorsedHere: true })).toEqual(endorsed);
    expect(state(createCohortMember({ active_habits: [], endorsed_today: true }))).toEqual(endorsed);
    expect(state(createCohortMember(), { sample: true })).toEqual({
      kind: 'disabled',
      label: 'Endorse',
      reason: SAMPLE_CANNOT_ENDORSE,
    });
  });
});
