import { type Jobs, type Rounds, Send } from '@roundwise/core';
import { useMemo } from 'react';
import { useEntityList } from '../../lib/sync/hooks';

/** What the audience filters read beside the customers: each customer's rounds (the Round filter). */
export function useAudienceExtras(): Send.AudienceExtras {
  const jobs = useEntityList<Jobs.Job>('job');
  const rounds = useEntityList<Rounds.Round>('round');
  return useMemo(() => ({ rounds: Send.customerRounds(jobs, rounds) }), [jobs, rounds]);
}
