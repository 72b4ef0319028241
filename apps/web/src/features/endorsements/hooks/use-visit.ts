import type { TListEndorsementsReceivedResponse } from '@habitrack/contracts/social/list-endorsements-received';
import { useEffect, useRef, useState } from 'react';
import { isFreshAnswer } from '../../../lib/fresh-answer.ts';
import { useMarkEndorsementsSeen } from '../api/mark-endorsements-seen.ts';
import { isNewSince } from '../utils/endorsement-dates.ts';

type TReceivedQuery = {
  data: { pages: TListEndorsementsReceivedResponse[] } | undefined;
  isSuccess: boolean;
  isFetching: boolean;
  isFetchedAfterMount: boolean;
  dataUpdatedAt: number;
};

// One visit to the page: what counted as new when it opened (kept for the whole visit, even once
// the list is fetched again), and, once a fresh answer shows something new, marking it as seen up
// to the newest one shown (decision 012: a kept answer paints, never decides).
export type TVisit = { seenAt: string | null; newCount: number };

export function useVisit(query: TReceivedQuery): TVisit | null {
  const first = query.data?.pages[0];
  const fresh = isFreshAnswer(query);
  const [opened, setOpened] = useState<TVisit | null>(null);
  if (fresh && first && opened === null) setOpened({ seenAt: first.seen_at, newCount: first.new_since_last_visit });

  const mark = useMarkEndorsementsSeen();
  const marked = useRef<string | null>(null);
  const newest = first?.items[0];
  const unseen = fresh && newest && isNewSince(newest.created_at, first.seen_at) ? newest.id : null;
  const { mutate } = mark;
  useEffect(() => {
    if (!unseen || marked.current === unseen) return;
    marked.current = unseen;
    mutate(unseen);
  }, [unseen, mutate]);

  return opened ?? (first ? { seenAt: first.seen_at, newCount: first.new_since_last_visit } : null);
}
