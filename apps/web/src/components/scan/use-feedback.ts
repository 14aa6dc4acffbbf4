import { useCallback, useState } from 'react';
import { beep, type Feedback } from './scan-feedback.js';

/** The banner's message and its sound, set together so no outcome is silent or unseen. */
export function useFeedback() {
  const [feedback, setFeedback] = useState<Feedback | null>(null);
  const show = useCallback((next: Feedback | null) => {
    setFeedback(next);
    if (next) beep(next.tone);
  }, []);
  return [feedback, show] as const;
}
