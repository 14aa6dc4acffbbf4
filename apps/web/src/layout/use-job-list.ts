import type { Job } from '@kontor/contracts/domains/jobs';
import { useCallback, useEffect, useState } from 'react';
import { useRealtime } from '../realtime/events.js';
import { ACTIVE_JOB } from './JobProgress.js';

/**
 * A list of the user's background jobs kept live: read once, read again when a `job` socket event
 * reports a new or finished job (its result address, its error), polled every `pollMs` while one is
 * active when given (in case the socket is down), and the running ones show the events' progress.
 * `read` must keep its identity (a function of the module, not of the render).
 */
export function useJobList(read: () => Promise<Job[]>, pollMs?: number) {
  const [jobs, setJobs] = useState<Job[] | null>(null);
  const events = useRealtime((s) => s.jobs);
  const load = useCallback(() => read().then(setJobs, () => undefined), [read]);
  useEffect(() => {
    void load();
  }, [load]);
  const eventKey = Object.values(events)
    .map((e) => `${e.id}:${e.status}`)
    .join(',');
  useEffect(() => {
    if (eventKey) void load();
  }, [eventKey, load]);
  const active = !!jobs?.some((j) => ACTIVE_JOB.has(j.status));
  useEffect(() => {
    if (!active || !pollMs) return;
    const timer = setInterval(() => void load(), pollMs);
    return () => clearInterval(timer);
  }, [active, pollMs, load]);

  const live = (jobs ?? []).map((job) => {
    const event = events[job.id];
    return event && ACTIVE_JOB.has(job.status)
      ? { ...job, status: event.status as Job['status'], done: event.done, total: event.total, message: event.message ?? job.message }
      : job;
  });
  return { loading: jobs === null, live, load };
}
