import { useEffect, useState } from "react";
import { dayInZone } from "./date-label";

/**
 * The current time, moved on whenever the calendar day in the zone changes: date labels stay
 * right across midnight for a page left open.
 */
export function useToday(timeZone: string): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => {
      const next = new Date();
      setNow((prev) => (dayInZone(prev, timeZone) === dayInZone(next, timeZone) ? prev : next));
    }, 60_000);
    return () => clearInterval(timer);
  }, [timeZone]);
  return now;
}
