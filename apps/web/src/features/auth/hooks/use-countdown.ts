import { useEffect, useState } from 'react';

/**
 * A resend countdown for verification codes (the server allows one code a minute per target).
 * `start()` begins it; `left` is the seconds remaining, 0 when a resend is allowed.
 */
export function useCountdown(seconds = 60) {
  const [endsAt, setEndsAt] = useState(0);
  const [now, setNow] = useState(() => Date.now());

  useEffect(() => {
    if (endsAt <= now) return;
    const timer = setTimeout(() => setNow(Date.now()), 250);
    return () => clearTimeout(timer);
  }, [endsAt, now]);

  const left = Math.max(0, Math.ceil((endsAt - now) / 1000));
  const start = () => {
    const t = Date.now();
    setNow(t);
    setEndsAt(t + seconds * 1000);
  };
  return { left, start };
}
