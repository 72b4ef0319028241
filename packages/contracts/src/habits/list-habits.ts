import { z } from 'zod';
import { ZHabit } from '../programmes/list-behaviours.ts';

// Fallback list when the member has no current programme: every habit of the organisation's programmes.
export const ZListHabitsResponse = z.array(ZHabit);
