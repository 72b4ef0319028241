import { z } from 'zod';
import { storedItem } from '../../../lib/storage.ts';

// Whether this browser has seen the member pass the root decision: a sign for the offline
// fallback (docs/domain/dashboard-and-flow.md#flow-status-fallback).
const visited = storedItem('hasVisited', z.literal(true));

export function hasVisited(): boolean {
  return visited.read() === true;
}

export function markVisited(): void {
  visited.write(true);
}

// The Reset developer tool (app/progress-data.ts).
export function forgetVisited(): void {
  visited.remove();
}
