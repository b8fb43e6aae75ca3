import { queryOptions, useQuery } from '@tanstack/react-query';
import { Knowledge } from '@xueban/contract/calls/knowledge';
import { call } from '../../../lib/api.ts';
import { kbTasksKey } from '../../../lib/queries/knowledge-keys.ts';
import { trainingPollInterval } from '../lib/training.ts';

/** GET /api/ai/knowledge/trainingtasks {repository_id} — how many documents are queued, training, ready, failed. */
export const getTrainingTasks = (repositoryId: number, signal?: AbortSignal) =>
  call(Knowledge.trainingtasks, { repository_id: repositoryId }, { signal });

/** Polled every second while anything is queued or training; every 10 s once all are settled. */
export const trainingTasksQueryOptions = (repositoryId: number) =>
  queryOptions({
    queryKey: [...kbTasksKey, repositoryId],
    queryFn: ({ signal }) => getTrainingTasks(repositoryId, signal),
    enabled: Number.isInteger(repositoryId) && repositoryId > 0,
    refetchInterval: (query) => trainingPollInterval(query.state.data),
  });

export const useTrainingTasks = (repositoryId: number) => useQuery(trainingTasksQueryOptions(repositoryId));
